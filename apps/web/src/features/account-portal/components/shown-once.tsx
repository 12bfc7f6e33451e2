import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { SHOWN_ONCE } from '../messages.ts';

/** A secret the server gives this once (an API key, a signing secret): its text, a copy button and the warning. */
export function ShownOnce({ title, secret, note }: { title: string; secret: string; note?: string }) {
  return (
    <Alert
      color="yellow"
      variant="light"
      title={title}
      icon={<IconAlertTriangle size={18} aria-hidden />}
      role="status"
    >
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {SHOWN_ONCE}
        </Text>
        {note ? <Text size="sm">{note}</Text> : null}
        <Group gap="xs" wrap="nowrap" align="center">
          <Code
            block
            style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap', flex: 1, minWidth: 0 }}
            data-testid="shown-once-secret"
          >
            {secret}
          </Code>
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button
                variant="default"
                size="sm"
                onClick={copy}
                leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              >
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Alert>
  );
}
