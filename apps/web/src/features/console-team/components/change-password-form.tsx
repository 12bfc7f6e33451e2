import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorText, showServerFieldErrors } from '../../../lib/form-errors.ts';
import { type ChangePasswordFormValues, changePasswordFormSchema, PASSWORD_HINT } from '../../../lib/password-forms.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useChangePassword } from '../api/team.ts';

const EMPTY: ChangePasswordFormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The signed-in operator's own password: the current one, then the new one twice. */
export function ChangePasswordForm() {
  const form = useForm<ChangePasswordFormValues>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const change = useChangePassword();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string }>();

  // One flight covers the checks and the request: a double click changes the password once.
  const submit = useSingleFlight(
    form.handleSubmit(async ({ currentPassword, newPassword }) => {
      setOutcome(undefined);
      try {
        const { message } = await change.mutateAsync({ currentPassword, newPassword });
        form.reset(EMPTY);
        setOutcome({ ok: true, message });
      } catch (error) {
        if (!showServerFieldErrors(error, form.setError, ['currentPassword', 'newPassword'])) {
          setOutcome({ ok: false, message: errorText(error) });
        }
      }
    }),
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack gap="md">
        {outcome ? (
          <Alert
            color={outcome.ok ? 'green' : 'red'}
            variant="light"
            title={outcome.ok ? 'Password changed' : 'The password was not changed'}
            role={outcome.ok ? 'status' : 'alert'}
          >
            {outcome.message}
          </Alert>
        ) : null}
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          required
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <PasswordInput
          label="New password"
          description={PASSWORD_HINT}
          autoComplete="new-password"
          required
          error={errors.newPassword?.message}
          {...form.register('newPassword')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          required
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" loading={change.isPending}>
          Change password
        </Button>
      </Stack>
    </form>
  );
}
