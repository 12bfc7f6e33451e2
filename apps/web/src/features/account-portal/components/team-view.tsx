import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  ACCOUNT_ROLES,
  type AccountMember,
  type AccountSession,
  type InviteAccountMemberInput,
  inviteAccountMemberSchema,
} from '@waybill/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { showServerFieldErrors } from '../../../lib/form-errors.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useInviteMember, useMembers, useRemoveMember } from '../api/team.ts';
import { MEMBER_INVITED, MEMBER_REMOVED, TEAM_FAILED } from '../messages.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

const ROLE_OPTIONS = ACCOUNT_ROLES.map((role) => ({ value: role, label: role === 'owner' ? 'Owner' : 'Member' }));

function InviteForm() {
  const form = useForm<InviteAccountMemberInput>({
    resolver: zodResolver(inviteAccountMemberSchema),
    defaultValues: { email: '', name: '', role: 'member' },
  });
  const { errors } = form.formState;
  const invite = useInviteMember();
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) =>
        invite.mutate(values, {
          onSuccess: (member) => {
            notifySuccess({ title: MEMBER_INVITED, message: `${member.email} gets a link to set a password.` });
            form.reset();
          },
          onError: (error) => {
            if (!showServerFieldErrors(error, form.setError, ['email', 'name', 'role']))
              notifyError({ title: TEAM_FAILED, message: error.message });
          },
        }),
      )}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput
          label="Email"
          type="email"
          autoComplete="off"
          required
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextInput label="Name" autoComplete="off" required error={errors.name?.message} {...form.register('name')} />
        <NativeSelect
          label="Role"
          data={ROLE_OPTIONS}
          required
          error={errors.role?.message}
          {...form.register('role')}
        />
      </SimpleGrid>
      <Group justify="flex-end" mt="sm">
        <Button type="submit" loading={invite.isPending}>
          Send invitation
        </Button>
      </Group>
    </form>
  );
}

function MemberRow({
  member,
  canRemove,
  onRemove,
}: {
  member: AccountMember;
  canRemove: boolean;
  onRemove: (member: AccountMember) => void;
}) {
  return (
    <Paper withBorder p="sm" radius="md" component="li" aria-label={member.name}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600}>{member.name}</Text>
            <Badge variant="dot" tt="none" color={member.role === 'owner' ? 'blue' : 'gray'}>
              {member.role === 'owner' ? 'Owner' : 'Member'}
            </Badge>
            {member.invitationPending ? (
              <Badge variant="dot" tt="none" color="yellow.4">
                Invitation pending
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {member.email}
          </Text>
          <Text size="sm" c="dimmed">
            Last signed in {member.lastSignInAt ? formatDateTime(member.lastSignInAt) : 'never'}
          </Text>
        </div>
        {canRemove ? (
          <Button
            variant="default"
            color="red"
            size="xs"
            onClick={() => onRemove(member)}
            aria-label={`Remove ${member.name}`}
          >
            Remove
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}

/** The people of the account; owners invite colleagues and remove them (never themselves here). */
export function TeamView({ me }: { me: AccountSession['member'] }) {
  const members = useMembers();
  const remove = useRemoveMember();
  const [removing, setRemoving] = useState<AccountMember | null>(null);
  const isOwner = me.role === 'owner';

  return (
    <Stack gap="lg">
      {isOwner ? (
        <Paper withBorder radius="md" p="md">
          <Title order={2} size="h4" mb="sm">
            Invite a colleague
          </Title>
          <InviteForm />
        </Paper>
      ) : null}
      <Title order={2} size="h4">
        Members
      </Title>
      {members.isPending ? (
        <Skeleton height={72} radius="md" />
      ) : members.isError ? (
        <Alert color="red" variant="light" role="alert" title="The team could not be loaded">
          {members.error.message}
        </Alert>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Members">
          {members.data.map((member) => (
            <MemberRow
              key={member.id}
              member={member}
              canRemove={isOwner && member.id !== me.id}
              onRemove={setRemoving}
            />
          ))}
        </Stack>
      )}
      <ConfirmDialog
        opened={removing !== null}
        title="Remove this member?"
        message={`${removing?.name ?? ''} (${removing?.email ?? ''}) can no longer sign in to this account.`}
        confirmLabel="Remove member"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.id, {
            onSuccess: () => {
              notifySuccess({ title: MEMBER_REMOVED, message: removing.email });
              setRemoving(null);
            },
            onError: (error) => notifyError({ title: TEAM_FAILED, message: error.message }),
          });
        }}
      />
    </Stack>
  );
}
