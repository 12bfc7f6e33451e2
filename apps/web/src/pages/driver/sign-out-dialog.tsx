import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export interface SignOutDialogProps {
  opened: boolean;
  /** The actions still on the phone. */
  waiting: number;
  onStay: () => void;
  onLeave: () => void;
}

/** Asks before signing out while actions wait on the phone. */
export function SignOutDialog({ opened, waiting, onStay, onLeave }: SignOutDialogProps) {
  return (
    <Modal opened={opened} onClose={onStay} title="Sign out?">
      <Stack gap="md">
        <Text>
          {waiting === 1 ? '1 action has' : `${waiting} actions have`} not reached the server yet. They stay on this
          phone and are sent when you sign in again.
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onStay}>
            Stay signed in
          </Button>
          <Button color="red" onClick={onLeave}>
            Sign out
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
