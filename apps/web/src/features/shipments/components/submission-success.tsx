import { ActionIcon, Alert, Button, Code, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCircleCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';

/** Shown after a successful submission: the tracking code to keep, a copy button and a link to track it. */
export function SubmissionSuccess({ trackingCode, onDismiss }: { trackingCode: string; onDismiss: () => void }) {
  const panel = useRef<HTMLDivElement>(null);

  // The form above was reset; move the reader to the outcome so keyboard and screen-reader users find it.
  useEffect(() => {
    panel.current?.focus();
    panel.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, []);

  return (
    <Alert
      ref={panel}
      tabIndex={-1}
      color="green"
      variant="light"
      title="Your tracking code"
      icon={<IconCircleCheck aria-hidden />}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onDismiss}
      mb="lg"
    >
      <Text size="sm">Keep this tracking code to follow your package:</Text>
      <Group gap="xs" mt="xs" mb="sm">
        <Code fz="lg" fw={700} data-testid="tracking-code">
          {trackingCode}
        </Code>
        <CopyButton value={trackingCode} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label="Copy tracking code"
              >
                {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      <Button component={Link} to={`/track/${encodeURIComponent(trackingCode)}`} size="sm">
        Track this package
      </Button>
    </Alert>
  );
}
