import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSignOut } from '../../../features/console-auth/api/sign-out.ts';
import { forgetDriverAnswers } from '../../../features/driver/worker/register-worker.ts';

/** Signing out keeps what waits on the phone (it goes with the next sign-in) and says so first. */
export function SignOutButton({ waiting }: { waiting: number }) {
  const signOut = useSignOut();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const leave = () =>
    signOut.mutate(undefined, {
      onSettled: () => {
        void forgetDriverAnswers();
        navigate('/sign-in', { replace: true });
      },
    });
  return (
    <>
      <Button
        variant="subtle"
        size="compact-md"
        aria-label="Sign out"
        loading={signOut.isPending}
        onClick={() => (waiting > 0 ? setAsking(true) : leave())}
      >
        <IconLogout size={20} aria-hidden />
      </Button>
      <Modal opened={asking} onClose={() => setAsking(false)} title="Sign out?">
        <Stack gap="md">
          <Text>
            {waiting === 1 ? '1 action has' : `${waiting} actions have`} not reached the server yet. They stay on this
            phone and are sent when you sign in again.
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setAsking(false)}>
              Stay signed in
            </Button>
            <Button color="red" onClick={leave}>
              Sign out
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
