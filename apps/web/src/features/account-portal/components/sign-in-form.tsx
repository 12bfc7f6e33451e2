import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type LoginInput, loginSchema } from '@waybill/domain';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client.ts';
import { useAccountSignIn } from '../api/session.ts';
import { SIGN_IN_FAILED, SIGN_IN_THROTTLED } from '../messages.ts';

/** E-mail and password; the server's refusal shows above the button, the throttle's 429 under its own title. */
export function AccountSignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const form = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;
  const signIn = useAccountSignIn();
  const throttled = signIn.error instanceof ApiError && signIn.error.status === 429;

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => signIn.mutate(values, { onSuccess: onSignedIn }))}>
      <Stack gap="md">
        {signIn.error ? (
          <Alert
            color={throttled ? 'yellow' : 'red'}
            variant="light"
            title={throttled ? SIGN_IN_THROTTLED : SIGN_IN_FAILED}
            role="alert"
          >
            {signIn.error.message}
          </Alert>
        ) : null}
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          required
          error={errors.email?.message}
          {...form.register('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...form.register('password')}
        />
        <Button type="submit" loading={signIn.isPending} fullWidth>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
