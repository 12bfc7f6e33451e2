import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { loginSchema } from '@waybill/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorText, showServerFieldErrors } from '../../../lib/form-errors.ts';
import { type AcceptInviteFormValues, acceptInviteFormSchema, PASSWORD_HINT } from '../../../lib/password-forms.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useAccountSignIn, useSetAccountPassword } from '../api/session.ts';
import { LINK_HELP } from '../messages.ts';

interface SetPasswordFormProps {
  token: string;
  /** Called once the password is set and the member signed in with it. */
  onSignedIn: () => void;
  /** Called when the password was set but signing in with it failed (a throttle, say): the sign-in page follows. */
  onPasswordSet: (message: string) => void;
}

/**
 * The page of an approval or invitation link: an optional name and the new password twice, with the
 * console's strength hint; once the server took it, the member is signed in with it.
 */
export function SetPasswordForm({ token, onSignedIn, onPasswordSet }: SetPasswordFormProps) {
  const form = useForm<AcceptInviteFormValues>({
    resolver: zodResolver(acceptInviteFormSchema),
    defaultValues: { name: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const setPassword = useSetAccountPassword();
  const signIn = useAccountSignIn();
  const [refusal, setRefusal] = useState<string>();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string>();

  const submit = useSingleFlight(
    form.handleSubmit(async ({ name, password }) => {
      setRefusal(undefined);
      // Asked before the link is used: it works once, and the sign-in after it needs the address.
      const address = loginSchema.shape.email.safeParse(email);
      setEmailError(address.success ? undefined : address.error.issues[0]?.message);
      if (!address.success) return;
      const trimmed = name.trim();
      let message: string;
      try {
        ({ message } = await setPassword.mutateAsync({ token, password, ...(trimmed ? { name: trimmed } : {}) }));
      } catch (error) {
        if (!showServerFieldErrors(error, form.setError, ['name', 'password'])) setRefusal(errorText(error));
        return;
      }
      try {
        await signIn.mutateAsync({ email, password });
        onSignedIn();
      } catch {
        onPasswordSet(message);
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
              {LINK_HELP}
            </Text>
          </Alert>
        ) : null}
        <TextInput
          label="Email"
          description="The address this link was sent to: you sign in with it."
          type="email"
          autoComplete="username"
          required
          value={email}
          error={emailError}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <TextInput
          label="Your name"
          description="Optional: leave it empty to keep the name on the invitation."
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
        <Button type="submit" loading={setPassword.isPending || signIn.isPending} fullWidth>
          Set password and sign in
        </Button>
      </Stack>
    </form>
  );
}
