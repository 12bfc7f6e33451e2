import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUserPlus } from '@tabler/icons-react';
import { ConsolePage } from '../../../components/console-shell/console-page.tsx';
import { AdminOnly } from '../../../features/console-auth/components/admin-only.tsx';
import { useTeam } from '../../../features/console-team/api/team.ts';
import { InviteForm } from '../../../features/console-team/components/invite-form.tsx';
import { TeamView } from '../../../features/console-team/components/team-view.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { QueryState } from '../plan/query-state.tsx';

export const handle = { title: 'Team | Waybill Console' };

function TeamScreen() {
  const team = useTeam();
  const [inviting, invite] = useDisclosure(false);

  return (
    <ConsolePage>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1}>Team</Title>
            <Text mt={4}>Who can sign in to the console, and what they may do.</Text>
          </div>
          <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={invite.open}>
            Invite
          </Button>
        </Group>
        <QueryState query={team} what="the team">
          {(members) => <TeamView members={members} />}
        </QueryState>
      </Stack>
      <Modal opened={inviting} onClose={invite.close} title="Invite to the team" centered>
        <InviteForm
          onCancel={invite.close}
          onInvited={(member) => {
            invite.close();
            notifySuccess({
              title: 'Invitation sent',
              message: `${member.name} gets a link at ${member.email} to set a password. It works once, for 72 hours.`,
            });
          }}
        />
      </Modal>
    </ConsolePage>
  );
}

/** ADMIN_PATH/team: the members of the team, inviting more, and their roles and access (admins only). */
export function Component() {
  return (
    <AdminOnly what="The team">
      <TeamScreen />
    </AdminOnly>
  );
}
