import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import {
  DEFAULT_SUPPORT_PRIORITY,
  SUPPORT_CATEGORIES,
  SUPPORT_PRIORITIES,
  SUPPORT_RESPONSE_HOURS,
  type SupportRequest,
  supportRequestSchema,
  TOAST_MS,
} from '@waybill/domain';
import { type Resolver, useForm } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSubmitSupportRequest } from '../api/submit-support-request.ts';

type Category = (typeof SUPPORT_CATEGORIES)[number];
type Priority = (typeof SUPPORT_PRIORITIES)[number];

/** What a person reads for each stored category value. */
const CATEGORY_LABELS: Record<Category, string> = {
  general: 'General Inquiry',
  tracking: 'Package Tracking',
  billing: 'Billing & Payments',
  shipping: 'Shipping & Delivery',
  technical: 'Technical Support',
  complaint: 'Complaint',
};

const PRIORITY_LABELS: Record<Priority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};

const CATEGORY_OPTIONS = SUPPORT_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }));
const PRIORITY_OPTIONS = SUPPORT_PRIORITIES.map((value) => ({ value, label: PRIORITY_LABELS[value] }));

const EMPTY_REQUEST: SupportRequest = {
  name: '',
  email: '',
  phone: '',
  subject: '',
  category: 'general',
  priority: DEFAULT_SUPPORT_PRIORITY,
  message: '',
};

const resolver = zodResolver(supportRequestSchema) as unknown as Resolver<SupportRequest, unknown, SupportRequest>;

/**
 * The support request form of /support: the domain schema checks it here and again on the server.
 * It waits only for the server's answer: no simulated delay.
 */
export function SupportRequestForm() {
  const form = useForm<SupportRequest, unknown, SupportRequest>({ resolver, defaultValues: EMPTY_REQUEST });
  const { errors } = form.formState;
  const submission = useSubmitSupportRequest();

  function send(request: SupportRequest) {
    submission.mutate(request, {
      onSuccess: () => {
        notifySuccess({
          title: 'Support Request Submitted!',
          message: `Thank you for reaching out. Our support team will respond within ${SUPPORT_RESPONSE_HOURS} hours.`,
          autoClose: TOAST_MS.contact,
        });
        form.reset(EMPTY_REQUEST);
      },
      onError: (error) => {
        notifyError({ title: 'Error submitting request', message: error.message, autoClose: TOAST_MS.error });
        if (!(error instanceof ApiError)) return;
        for (const [field, message] of Object.entries(error.errors)) {
          if (field in EMPTY_REQUEST) form.setError(field as keyof SupportRequest, { type: 'server', message });
        }
      },
    });
  }

  return (
    <form noValidate aria-label="Support request" aria-busy={submission.isPending} onSubmit={form.handleSubmit(send)}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput
            label="Name"
            required
            autoComplete="name"
            error={errors.name?.message}
            {...form.register('name')}
          />
          <TextInput
            label="Email"
            type="email"
            required
            autoComplete="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <TextInput
            label="Phone (optional)"
            type="tel"
            autoComplete="tel"
            error={errors.phone?.message}
            {...form.register('phone')}
          />
          <TextInput label="Subject" required error={errors.subject?.message} {...form.register('subject')} />
          {/* Native selects: the same labels and keyboard use, without the ~34 KB (gzip) of Mantine's combobox. */}
          {/* The defaults also as the HTML's selected options: the server renders the form before its script runs. */}
          <NativeSelect
            label="Category"
            data={CATEGORY_OPTIONS}
            error={errors.category?.message}
            defaultValue={EMPTY_REQUEST.category}
            {...form.register('category')}
          />
          <NativeSelect
            label="Priority"
            data={PRIORITY_OPTIONS}
            error={errors.priority?.message}
            defaultValue={EMPTY_REQUEST.priority}
            {...form.register('priority')}
          />
        </SimpleGrid>
        <Textarea
          label="Message"
          required
          minRows={5}
          autosize
          error={errors.message?.message}
          {...form.register('message')}
        />
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={submission.isPending}>
            Submit Request
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
