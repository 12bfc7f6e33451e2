import { Badge, Group, Text } from '@mantine/core';
import { IconCloudCheck, IconCloudOff, IconCloudUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { Outbox } from '../hooks/use-outbox.ts';

/** The browser's word on the connection, kept up to date. */
export function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

/** "1 waiting to send", "3 waiting to send", or "All sent"; announced to screen readers as it changes. */
export function waitingText(waiting: number): string {
  return waiting === 0 ? 'All sent' : `${waiting} waiting to send`;
}

/**
 * What the phone still holds for the server, and whether it can reach it: the driver's reassurance that
 * nothing done offline is lost.
 */
export function OutboxStatus({ outbox, online }: { outbox: Outbox; online: boolean }) {
  const Icon = !online ? IconCloudOff : outbox.waiting > 0 ? IconCloudUpload : IconCloudCheck;
  return (
    <Group gap={6} wrap="nowrap">
      <Icon size={20} aria-hidden />
      <Text size="sm" fw={600} role="status" aria-live="polite" data-testid="outbox-status">
        {outbox.loading ? 'Reading this phone…' : waitingText(outbox.waiting)}
      </Text>
      {online ? null : (
        <Badge color="gray" variant="light" size="sm">
          Offline
        </Badge>
      )}
    </Group>
  );
}
