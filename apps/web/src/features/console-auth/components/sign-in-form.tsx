import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type LoginInput, loginSchema } from '@waybill/domain';
import { useForm } from 'react-hook-form';
import { useSignIn } from '../api/sign-in.ts';

interface SignInFormProps {
  /** Called once the server accepted the credentials and set the session cookie. */
  onSignedIn: () => void;
}

/** E-mail and password; the server's refusal ("Invalid email or password") shows above the button. */
export function SignInForm({ onSignedIn }: SignInFormProps) {
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;
  const signIn = useSignIn();

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => signIn.mutate(values, { onSuccess: onSignedIn }))}>
      <Stack gap="md">
        {signIn.error ? (
          <Alert color="red" variant="light" title="Sign-in failed" role="alert">
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
