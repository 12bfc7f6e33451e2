import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { type InviteOperatorInput, inviteOperatorSchema, type TeamMember } from '@waybill/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorText, showServerFieldErrors } from '../../../lib/form-errors.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useInviteOperator } from '../api/team.ts';

export const ROLE_OPTIONS = [
  { value: 'operator', label: 'Operator' },
  { value: 'admin', label: 'Admin' },
  { value: 'driver', label: 'Driver' },
];
const ROLE_HELP =
  'Operators work on packages, scanning, e-mail and the inbox; admins can also manage the team, the plan, the contact details and the notification setting; drivers use only the driver app, for their runs.';

interface InviteFormProps {
  onInvited: (member: TeamMember) => void;
  onCancel: () => void;
}

/** E-mail, name and role of a new member; the server e-mails them the invitation link. */
export function InviteForm({ onInvited, onCancel }: InviteFormProps) {
  const form = useForm<InviteOperatorInput>({
    resolver: zodResolver(inviteOperatorSchema),
    defaultValues: { email: '', name: '', role: 'operator' },
  });
  const { errors } = form.formState;
  const invite = useInviteOperator();
  const [refusal, setRefusal] = useState<string>();

  // One flight covers the checks and the request: a double click sends one invitation.
  const submit = useSingleFlight(
    form.handleSubmit(async (values) => {
      setRefusal(undefined);
      try {
        onInvited(await invite.mutateAsync(values));
      } catch (error) {
        if (!showServerFieldErrors(error, form.setError, ['email', 'name', 'role'])) setRefusal(errorText(error));
      }
    }),
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack gap="md">
        {refusal ? (
          <Alert color="red" variant="light" title="Not invited" role="alert">
            {refusal}
          </Alert>
        ) : null}
        <TextInput
          label="Email"
          type="email"
          autoComplete="off"
          required
          data-autofocus
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextInput label="Name" autoComplete="off" required error={errors.name?.message} {...form.register('name')} />
        <NativeSelect
          label="Role"
          description={ROLE_HELP}
          data={ROLE_OPTIONS}
          error={errors.role?.message}
          {...form.register('role')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={invite.isPending}>
            Send invitation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
