import { Button, Group, Paper, SegmentedControl, SimpleGrid, Stack, Tabs, TextInput } from '@mantine/core';
import { defaultSignature, EMAIL_SENT, type EmailPayload, type EmailTemplateType, TOAST_MS } from '@waybill/domain';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess, notifyWarning } from '../../../lib/notify.ts';
import { useTeamName } from '../api/get-team-name.ts';
import { usePreviewEmail } from '../api/preview-email.ts';
import { useSendEmail } from '../api/send-email.ts';
import { type ComposerValues, composerDefaults, composerResolver, valuesFromPackage } from '../composer-values.ts';
import { EmailPreview } from './email-preview.tsx';
import { ImageOptions } from './image-options.tsx';
import { MessageFields } from './message-fields.tsx';
import { PackageFields } from './package-fields.tsx';
import { PackagePicker } from './package-picker.tsx';

type Mode = 'compose' | 'preview';

const TABS: { value: EmailTemplateType; label: string }[] = [
  { value: 'package', label: 'Package Notification' },
  { value: 'simple', label: 'Simple Message' },
];

/** The e-mail composer (SPEC §2): two templates, Compose and Preview, and Send Email. */
export function EmailComposer() {
  const form = useForm<ComposerValues, unknown, EmailPayload>({
    resolver: composerResolver,
    defaultValues: composerDefaults(),
  });
  const [mode, setMode] = useState<Mode>('compose');
  const teamName = useTeamName().data;
  const preview = usePreviewEmail();
  const send = useSendEmail();
  const templateType = form.watch('templateType');

  // The signature's default needs the team name, which arrives with the company settings.
  useEffect(() => {
    if (!teamName || form.getFieldState('customSignature').isDirty) return;
    form.resetField('customSignature', { defaultValue: defaultSignature(teamName) });
  }, [teamName, form]);

  function changeTab(value: string | null) {
    if (value !== 'package' && value !== 'simple') return;
    form.setValue('templateType', value);
    form.clearErrors();
    setMode('compose');
  }

  function showInvalid() {
    setMode('compose');
    notifyWarning({ title: 'Check the e-mail', message: 'Fill in the fields marked in red first.' });
  }

  const openPreview = form.handleSubmit((payload) => {
    setMode('preview');
    preview.mutate(payload);
  }, showInvalid);

  const sendEmail = form.handleSubmit(
    (payload) =>
      send.mutate(payload, {
        onSuccess: () => {
          // SPEC §8's toast as its title; the line under it says where the message went.
          notifySuccess({
            title: EMAIL_SENT,
            message: `Sent to ${payload.to}.`,
            autoClose: TOAST_MS.email,
          });
          // A fresh composer on the same tab, so the same message is not sent twice by accident.
          form.reset({ ...composerDefaults(teamName), templateType: payload.templateType });
          setMode('compose');
        },
        onError: (error) => {
          notifyError({ title: 'Error sending email', message: error.message, autoClose: TOAST_MS.email });
          if (error instanceof ApiError) {
            for (const [field, message] of Object.entries(error.errors)) {
              if (field in composerDefaults())
                form.setError(field as keyof ComposerValues, { type: 'server', message });
            }
          }
        },
      }),
    showInvalid,
  );

  function changeMode(value: string) {
    if (value === 'preview') void openPreview();
    else setMode('compose');
  }

  const errors = form.formState.errors;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', md: 'lg' }}>
      <form noValidate onSubmit={sendEmail} aria-label="Email composer">
        <Stack gap="md">
          <Tabs value={templateType} onChange={changeTab}>
            <Tabs.List grow>
              {TABS.map((tab) => (
                <Tabs.Tab key={tab.value} value={tab.value}>
                  {tab.label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {TABS.map((tab) => (
              // Both panels exist for the tabs' aria-controls; the fields live in the active one only.
              <Tabs.Panel key={tab.value} value={tab.value} pt="md">
                {tab.value === templateType && (
                  <Stack gap="md">
                    <SegmentedControl
                      aria-label="Compose or preview"
                      value={mode}
                      onChange={changeMode}
                      data={[
                        { value: 'compose', label: 'Compose' },
                        { value: 'preview', label: 'Preview' },
                      ]}
                      w={{ base: '100%', sm: 'auto' }}
                      style={{ alignSelf: 'flex-start' }}
                    />
                    {mode === 'preview' ? (
                      <EmailPreview rendered={preview.data} loading={preview.isPending} error={preview.error} />
                    ) : (
                      <Stack gap="md">
                        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
                          <TextInput
                            label="Recipient Email"
                            type="email"
                            required
                            autoComplete="off"
                            error={errors.to?.message}
                            {...form.register('to')}
                          />
                          <TextInput
                            label="Subject"
                            required
                            autoComplete="off"
                            error={errors.subject?.message}
                            {...form.register('subject')}
                          />
                        </SimpleGrid>
                        {templateType === 'package' && (
                          <>
                            <PackagePicker
                              onPick={(pkg) => {
                                for (const [field, value] of Object.entries(valuesFromPackage(pkg))) {
                                  form.setValue(field as keyof ComposerValues, value, { shouldDirty: true });
                                }
                                if (!form.getValues('to').trim()) {
                                  form.setValue('to', pkg.receiverEmail, { shouldDirty: true });
                                }
                              }}
                            />
                            <PackageFields form={form} />
                            <ImageOptions form={form} />
                          </>
                        )}
                        <MessageFields form={form} messageRequired={templateType === 'simple'} />
                      </Stack>
                    )}
                  </Stack>
                )}
              </Tabs.Panel>
            ))}
          </Tabs>
          <Group justify="flex-end">
            <Button
              type="submit"
              loading={send.isPending}
              loaderProps={{ type: 'dots' }}
              w={{ base: '100%', sm: 'auto' }}
            >
              {send.isPending ? 'Sending…' : 'Send Email'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
