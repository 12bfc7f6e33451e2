import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { errorText, showServerFieldErrors } from '../../../lib/form-errors.ts';
import { type AcceptInviteFormValues, acceptInviteFormSchema, PASSWORD_HINT } from '../../../lib/password-forms.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useAcceptInvite } from '../api/team.ts';

interface AcceptInviteFormProps {
  token: string;
  /** Called with the server's message once the password is set (the operator then signs in). */
  onDone: (message: string) => void;
}

/** An invitation or reset link's form: an optional name, the new password twice. */
export function AcceptInviteForm({ token, onDone }: AcceptInviteFormProps) {
  const form = useForm<AcceptInviteFormValues>({
    resolver: zodResolver(acceptInviteFormSchema),
    defaultValues: { name: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const accept = useAcceptInvite();
  const [refusal, setRefusal] = useState<string>();

  // One flight covers the checks and the request: a double click sends the password once.
  const submit = useSingleFlight(
    form.handleSubmit(async ({ name, password }) => {
      setRefusal(undefined);
      const trimmed = name.trim();
      try {
        const { message } = await accept.mutateAsync({ token, password, ...(trimmed ? { name: trimmed } : {}) });
        onDone(message);
      } catch (error) {
        if (!showServerFieldErrors(error, form.setError, ['name', 'password'])) setRefusal(errorText(error));
      }
    }),
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack gap="md">
        {refusal ? (
          <Alert color="red" variant="light" title="The password was not set" role="alert">
            <Text size="sm">{refusal}</Text>
            <Text size="sm" mt="xs">
              An admin can send you a new link from the Team page. Already have a password?{' '}
              <Anchor component={Link} to="/sign-in" size="sm">
                Sign in
              </Anchor>
            </Text>
          </Alert>
        ) : null}
        <TextInput
          label="Your name"
          description="Optional: leave it empty to keep the name your admin entered."
          autoComplete="name"
          error={errors.name?.message}
          {...form.register('name')}
        />
        <PasswordInput
          label="New password"
          description={PASSWORD_HINT}
          autoComplete="new-password"
          required
          error={errors.password?.message}
          {...form.register('password')}
        />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          required
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" loading={accept.isPending} fullWidth>
          Set password
        </Button>
      </Stack>
    </form>
  );
}
