import { ActionIcon, Alert, Button, Code, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCircleCheck, IconCopy } from '@tabler/icons-react';
import type { TextChannel } from '@waybill/domain';
import { useEffect, useRef } from 'react';
import classes from './submission-success.module.css';

interface SubmissionSuccessProps {
  trackingCode: string;
  /** The shipper's address, where the receipt with the code went. */
  receiptTo: string;
  /** The channel the shipper's texts go by, only when the server will send them. */
  textsBy?: TextChannel | undefined;
}

/**
 * Shown after a successful submission and kept until the visitor leaves the page (the toast goes
 * after 9 seconds): the tracking code, a copy button, a link to track it, and where its receipt went.
 */
export function SubmissionSuccess({ trackingCode, receiptTo, textsBy }: SubmissionSuccessProps) {
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
      classNames={{ title: classes.title, icon: classes.title }}
      mb="lg"
      data-testid="submission-success"
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
                aria-label={copied ? 'Tracking code copied' : 'Copy tracking code'}
              >
                {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      <Text size="sm" mb="sm" style={{ overflowWrap: 'anywhere' }}>
        We have sent a receipt with this code to <strong>{receiptTo}</strong>.
        {textsBy
          ? ` We will also text your phone ${textsBy === 'whatsapp' ? 'on WhatsApp' : 'by SMS'} as it travels.`
          : null}
      </Text>
      <Button component="a" href={`/track/${encodeURIComponent(trackingCode)}`} size="sm">
        Track this package
      </Button>
    </Alert>
  );
}
