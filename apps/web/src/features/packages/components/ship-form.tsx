import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack } from '@mantine/core';
import {
  CANNOT_TEXT_NUMBER,
  PACKAGE_SUBMITTED,
  type PackageFormInput,
  packageFormInputSchema,
  type TextChannel,
  type TextOffer,
  TOAST_MS,
} from '@waybill/domain';
import { lazy, Suspense, useEffect, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSubmitPackage } from '../api/submit-package.ts';
import { usePickedImages } from '../hooks/use-picked-images.ts';
import { SHIP_FORM_DEFAULTS, type ShipFormValues } from '../ship-form-values.ts';
import { ImagePicker } from './image-picker.tsx';
import { PackageDetailsFields } from './package-details-fields.tsx';
import { PartyFields } from './party-fields.tsx';
import { ReviewDialog } from './review-dialog.tsx';
import { SubmissionSuccess } from './submission-success.tsx';

/**
 * Loaded only when the server can send texts (and the island is awake): without a provider, the
 * form's download is as it was (Mantine's checkbox and radio weigh about 6 KB gzip).
 */
const TextMeUpdates = lazy(() => import('./text-me-updates.tsx').then((module) => ({ default: module.TextMeUpdates })));

// The schema's number fields accept text (multipart sends text), so its input type is wider than the form's.
const resolver = zodResolver(packageFormInputSchema) as unknown as Resolver<ShipFormValues, unknown, PackageFormInput>;

/**
 * Ship a Package: fill in, Review Package, confirm in the dialog, submit; on success reset and show the
 * code. With `texts` (the server can send them) the shipper may ask for the journey's texts.
 */
export function ShipForm({ texts = null }: { texts?: TextOffer | null }) {
  const form = useForm<ShipFormValues, unknown, PackageFormInput>({ resolver, defaultValues: SHIP_FORM_DEFAULTS });
  const { images, addImages, removeImage, clearImages } = usePickedImages();
  const [imageError, setImageError] = useState<string | null>(null);
  // The values stay while the dialog closes, so its content does not vanish during the transition.
  const [review, setReview] = useState<PackageFormInput | null>(null);
  const [reviewOpen, setReviewOpen] = useState(false);
  const [textUpdates, setTextUpdates] = useState<TextChannel | undefined>();
  // The text options are the browser's alone: the server's HTML and the hydration have none of them
  // (a lazy module the server cannot wait for would make React redo the whole form in the browser).
  const [awake, setAwake] = useState(false);
  useEffect(() => setAwake(true), []);
  // Every package sent during this visit, newest first: each code stays on screen until the visitor leaves.
  const [submitted, setSubmitted] = useState<
    { trackingCode: string; receiptTo: string; textsBy: TextChannel | undefined }[]
  >([]);
  const submission = useSubmitPackage();

  function openReview(values: PackageFormInput) {
    setReview(values);
    setReviewOpen(true);
  }

  function confirmSubmission() {
    if (!review) return;
    const receiptTo = review.email;
    submission.mutate(
      { values: review, images: images.map((image) => image.file), textUpdates },
      {
        onSuccess: ({ trackingCode: code, textUpdates: textsBy }) => {
          notifySuccess({
            title: PACKAGE_SUBMITTED,
            message: `Tracking code: ${code}`,
            autoClose: TOAST_MS.shipSuccess,
          });
          form.reset(SHIP_FORM_DEFAULTS);
          clearImages();
          setImageError(null);
          setTextUpdates(undefined);
          setReviewOpen(false);
          setSubmitted((earlier) => [{ trackingCode: code, receiptTo, textsBy }, ...earlier]);
        },
        onError: (error) => {
          notifyError({ title: 'Error submitting package', message: error.message, autoClose: TOAST_MS.error });
          if (error instanceof ApiError) showServerFieldErrors(error.errors);
        },
      },
    );
  }

  function showServerFieldErrors(errors: Record<string, string>) {
    for (const [field, message] of Object.entries(errors)) {
      if (field in SHIP_FORM_DEFAULTS) form.setError(field as keyof ShipFormValues, { type: 'server', message });
    }
  }

  return (
    <>
      {submitted.map(({ trackingCode, receiptTo, textsBy }) => (
        <SubmissionSuccess key={trackingCode} trackingCode={trackingCode} receiptTo={receiptTo} textsBy={textsBy} />
      ))}
      <form noValidate onSubmit={form.handleSubmit(openReview)}>
        <Stack gap="lg">
          <PartyFields form={form} />
          {texts && awake ? (
            <Suspense fallback={null}>
              <TextMeUpdates
                offer={texts}
                value={textUpdates}
                onChange={(next) => {
                  setTextUpdates(next);
                  // The phone's "cannot receive texts" holds only while texts are asked for.
                  if (!next && form.formState.errors.phone?.message === CANNOT_TEXT_NUMBER) form.clearErrors('phone');
                }}
              />
            </Suspense>
          ) : null}
          <PackageDetailsFields form={form} />
          <ImagePicker
            images={images}
            error={imageError}
            onAdd={(files) => setImageError(addImages(files))}
            onReject={setImageError}
            onRemove={(id) => {
              removeImage(id);
              setImageError(null);
            }}
          />
          <Group justify="flex-end">
            <Button type="submit" size="md">
              Review Package
            </Button>
          </Group>
        </Stack>
      </form>
      <ReviewDialog
        opened={reviewOpen}
        values={review}
        imageCount={images.length}
        textUpdates={textUpdates}
        submitting={submission.isPending}
        onClose={() => setReviewOpen(false)}
        onConfirm={confirmSubmission}
      />
    </>
  );
}
