import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { OPERATOR_ROLES, type OperatorRole, type OperatorState, type TeamMember } from '@waybill/domain';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format-date.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSendPasswordLink, useUpdateOperator } from '../api/team.ts';

const STATE_LABEL: Record<OperatorState, string> = { invited: 'Invited', active: 'Active', deactivated: 'Deactivated' };
const STATE_COLOUR: Record<OperatorState, string> = { invited: 'yellow', active: 'green', deactivated: 'gray' };
const ROLE_LABEL: Record<OperatorRole, string> = { admin: 'Admin', operator: 'Operator', driver: 'Driver' };
/** "an admin", "an operator", "a driver": the role inside a sentence. */
const ROLE_IN_SENTENCE: Record<OperatorRole, string> = {
  admin: 'an admin',
  operator: 'an operator',
  driver: 'a driver',
};
/** What each role may do, as the question before a change of role says it. */
const ROLE_CHANGE_BODY: Record<OperatorRole, string> = {
  admin: 'Admins can do everything, including inviting and deactivating members of the team.',
  operator:
    'Operators work on packages, scanning, e-mail and the inbox, but do not manage the team, the plan, the contact details or the notification setting.',
  driver: 'Drivers use only the driver app, for their runs: the console refuses them.',
};

/** How a member is named in labels and questions: the first admin may have no name yet. */
function nameOf(member: TeamMember): string {
  return member.name || member.email;
}

type TeamAction = { kind: 'role'; role: OperatorRole } | { kind: 'deactivate' | 'reactivate' | 'link' };

/** What a confirmation asks, and what its button says, for an action on one member. */
function confirmation(action: TeamAction, member: TeamMember): { title: string; body: string; confirm: string } {
  switch (action.kind) {
    case 'role':
      return {
        title: `Make ${nameOf(member)} ${ROLE_IN_SENTENCE[action.role]}?`,
        body: ROLE_CHANGE_BODY[action.role],
        confirm: `Make ${ROLE_LABEL[action.role].toLowerCase()}`,
      };
    case 'deactivate':
      return {
        title: `Deactivate ${nameOf(member)}?`,
        body: 'They are signed out at once and cannot sign in until an admin reactivates them.',
        confirm: 'Deactivate',
      };
    case 'reactivate':
      return {
        title: `Reactivate ${nameOf(member)}?`,
        body: 'They can sign in again with their password.',
        confirm: 'Reactivate',
      };
    case 'link':
      return member.state === 'invited'
        ? {
            title: `Send ${nameOf(member)} the invitation again?`,
            body: `A new link goes to ${member.email}; the earlier one stops working.`,
            confirm: 'Send invitation',
          }
        : {
            title: `Send ${nameOf(member)} a password-reset link?`,
            body: `A one-time link goes to ${member.email}. Their password stays until they use it.`,
            confirm: 'Send link',
          };
  }
}

function StateBadge({ state }: { state: OperatorState }) {
  return (
    // The light variant's own text colours are below 4.5:1 on its tint; the page's text colour is not.
    <Badge
      component="span"
      color={STATE_COLOUR[state]}
      variant="light"
      tt="none"
      styles={{ root: { color: 'var(--mantine-color-text)' } }}
    >
      {STATE_LABEL[state]}
    </Badge>
  );
}

function NoName() {
  return (
    <Text span fw={400} fs="italic">
      No name
    </Text>
  );
}

function LastSignIn({ at }: { at: string | null }) {
  return at ? <time dateTime={at}>{formatDateTime(at)}</time> : <span>Never</span>;
}

function MemberMenu({ member, onAction }: { member: TeamMember; onAction: (action: TeamAction) => void }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label={`Actions for ${nameOf(member)}`}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {OPERATOR_ROLES.filter((role) => role !== member.role).map((role) => (
          <Menu.Item key={role} onClick={() => onAction({ kind: 'role', role })}>
            Make {ROLE_LABEL[role].toLowerCase()}
          </Menu.Item>
        ))}
        {member.active ? (
          <Menu.Item onClick={() => onAction({ kind: 'link' })}>
            {member.state === 'invited' ? 'Send invitation again' : 'Send password-reset link'}
          </Menu.Item>
        ) : null}
        {member.active ? (
          <Menu.Item color="red" onClick={() => onAction({ kind: 'deactivate' })}>
            Deactivate
          </Menu.Item>
        ) : (
          <Menu.Item onClick={() => onAction({ kind: 'reactivate' })}>Reactivate</Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The team as a table (md and up) or one card per member (narrow screens), each with its actions. */
export function TeamView({ members }: { members: TeamMember[] }) {
  const [pending, setPending] = useState<{ member: TeamMember; action: TeamAction }>();
  const update = useUpdateOperator();
  const sendLink = useSendPasswordLink();
  const busy = update.isPending || sendLink.isPending;

  function confirm() {
    if (!pending) return;
    const { member, action } = pending;
    const done = (title: string, message: string) => {
      setPending(undefined);
      notifySuccess({ title, message });
    };
    const failed = (error: Error) => notifyError({ title: 'Not changed', message: error.message });
    if (action.kind === 'link') {
      sendLink.mutate(member, { onSuccess: ({ message }) => done('Link sent', message), onError: failed });
      return;
    }
    const change = action.kind === 'role' ? { role: action.role } : { active: action.kind === 'reactivate' };
    update.mutate(
      { id: member.id, change },
      {
        onSuccess: (saved) =>
          done(
            'Team updated',
            action.kind === 'role'
              ? `${nameOf(saved)} is now ${ROLE_IN_SENTENCE[saved.role]}.`
              : `${nameOf(saved)} is ${saved.active ? 'active again' : 'deactivated'}.`,
          ),
        onError: failed,
      },
    );
  }

  const open = (member: TeamMember) => (action: TeamAction) => setPending({ member, action });
  const question = pending ? confirmation(pending.action, pending.member) : undefined;

  return (
    <>
      <Table.ScrollContainer minWidth={720} visibleFrom="md">
        <Table verticalSpacing="sm" highlightOnHover aria-label="Team">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th>Last sign-in</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {members.map((member) => (
              <Table.Tr key={member.id}>
                <Table.Td fw={600}>{member.name || <NoName />}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{member.email}</Table.Td>
                <Table.Td>{ROLE_LABEL[member.role]}</Table.Td>
                <Table.Td>
                  <StateBadge state={member.state} />
                </Table.Td>
                <Table.Td>
                  <LastSignIn at={member.lastSignInAt} />
                </Table.Td>
                <Table.Td ta="right">
                  <MemberMenu member={member} onAction={open(member)} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Stack gap="sm" hiddenFrom="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Team">
        {members.map((member) => (
          <Paper key={member.id} component="li" withBorder radius="md" p="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={4} miw={0}>
                <Text fw={700}>{member.name || <NoName />}</Text>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {member.email}
                </Text>
              </Stack>
              <MemberMenu member={member} onAction={open(member)} />
            </Group>
            <Group gap="xs" mt="xs">
              <StateBadge state={member.state} />
              <Text size="sm">{ROLE_LABEL[member.role]}</Text>
            </Group>
            <Text size="sm" mt={4}>
              Last sign-in: <LastSignIn at={member.lastSignInAt} />
            </Text>
          </Paper>
        ))}
      </Stack>

      <Modal opened={pending !== undefined} onClose={() => setPending(undefined)} title={question?.title} centered>
        <Text size="sm">{question?.body}</Text>
        <Group justify="flex-end" gap="sm" mt="lg">
          <Button variant="default" onClick={() => setPending(undefined)}>
            Cancel
          </Button>
          <Button color={pending?.action.kind === 'deactivate' ? 'red' : undefined} loading={busy} onClick={confirm}>
            {question?.confirm}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
