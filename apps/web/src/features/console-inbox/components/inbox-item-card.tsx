import { Anchor, Badge, Button, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { EMAIL_PATTERN, type InboxItem, type InboxKind } from '@waybill/domain';
import { useId } from 'react';
import { formatDateTime } from '../../../lib/format-date.ts';
import type { AccountDecision } from '../api/decide-account-request.ts';
import { KIND_LABELS } from '../inbox-item.ts';

// Dot badges keep the text in the body colour (readable in both modes); the colour only marks the kind.
const KIND_COLOURS: Record<InboxKind, string> = { support: 'orange', contact: 'blue', account: 'grape' };
const PRIORITY_COLOURS: Record<string, string> = { low: 'gray', medium: 'blue', high: 'orange', urgent: 'red' };

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "Ada Obi", or what stands in for a blank name (the home form accepts one). */
export function senderOf(item: InboxItem): string {
  return item.name || 'No name given';
}

interface InboxItemCardProps {
  item: InboxItem;
  onToggleState: (item: InboxItem) => void;
  /** True while this item's change is on its way. */
  pending: boolean;
  /** True while any item's change is on its way (one change at a time). */
  busy?: boolean;
  /** Approves or declines a new account request (the business account is made on approval). */
  onDecide?: (item: InboxItem, decision: AccountDecision) => void;
  /** The decision on its way for this item, if any. */
  deciding?: AccountDecision | undefined;
}

function Detail({ label, value }: { label: string; value: string | undefined }) {
  if (!value) return null;
  return (
    <Text size="sm">
      <Text span c="dimmed" size="sm">
        {label}:{' '}
      </Text>
      {value}
    </Text>
  );
}

/** One received request: who sent it and how to reach them, what they wrote, and its state. */
export function InboxItemCard({ item, onToggleState, pending, busy = false, onDecide, deciding }: InboxItemCardProps) {
  const headingId = useId();
  const handled = item.state === 'handled';
  const action = handled ? 'Mark as new' : 'Mark as handled';
  const kindLabel = KIND_LABELS[item.kind];
  const sender = senderOf(item);
  const decidable = item.kind === 'account' && !handled && onDecide !== undefined;

  return (
    <Card component="article" aria-labelledby={headingId} withBorder radius="md" padding="lg">
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap={6}>
            <Group gap="xs">
              <Badge color={KIND_COLOURS[item.kind]} variant="dot">
                {kindLabel}
              </Badge>
              <Badge color={handled ? 'gray' : 'blue.9'} variant={handled ? 'outline' : 'filled'}>
                {handled ? 'Handled' : 'New'}
              </Badge>
            </Group>
            <Title order={2} size="h4" id={headingId} c={item.name ? undefined : 'dimmed'}>
              {sender}
            </Title>
            {EMAIL_PATTERN.test(item.email) ? (
              <Anchor href={`mailto:${item.email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {item.email}
              </Anchor>
            ) : (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {item.email || 'No e-mail given'}
              </Text>
            )}
            {item.phone && (
              <Anchor href={`tel:${item.phone.replace(/[^\d+]/g, '')}`} size="sm">
                {item.phone}
              </Anchor>
            )}
            <Text size="sm" c="dimmed">
              <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
            </Text>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="xs" h="100%">
            {item.kind === 'support' && (
              <>
                {item.subject && (
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {item.subject}
                  </Text>
                )}
                <Group gap="xs">
                  {item.category && (
                    <Badge variant="outline" color="gray">
                      {capitalise(item.category)}
                    </Badge>
                  )}
                  {item.priority && (
                    <Badge variant="dot" color={PRIORITY_COLOURS[item.priority] ?? 'gray'}>
                      {capitalise(item.priority)} priority
                    </Badge>
                  )}
                </Group>
              </>
            )}
            {item.kind === 'account' && (
              <Stack gap={2}>
                <Detail label="Company" value={item.company} />
                <Detail label="Address" value={item.address} />
                <Detail label="City" value={item.city} />
                <Detail label="Country" value={item.country} />
              </Stack>
            )}
            {item.message ? (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {item.message}
              </Text>
            ) : (
              item.kind === 'contact' && (
                <Text size="sm" c="dimmed">
                  No message written.
                </Text>
              )
            )}
            <Group justify="flex-end" mt="auto">
              {decidable && (
                <>
                  <Button
                    color="green.8"
                    loading={deciding === 'approve'}
                    disabled={(busy || deciding !== undefined) && deciding !== 'approve'}
                    onClick={() => onDecide(item, 'approve')}
                    aria-label={`Approve the account request from ${sender}`}
                    w={{ base: '100%', sm: 'auto' }}
                  >
                    Approve
                  </Button>
                  <Button
                    variant="default"
                    loading={deciding === 'decline'}
                    disabled={(busy || deciding !== undefined) && deciding !== 'decline'}
                    onClick={() => onDecide(item, 'decline')}
                    aria-label={`Decline the account request from ${sender}`}
                    w={{ base: '100%', sm: 'auto' }}
                  >
                    Decline
                  </Button>
                </>
              )}
              <Button
                variant={handled ? 'default' : 'filled'}
                loading={pending}
                disabled={busy && !pending}
                onClick={() => onToggleState(item)}
                aria-label={`${action}: ${kindLabel.toLowerCase()} from ${sender}`}
                w={{ base: '100%', sm: 'auto' }}
              >
                {action}
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
      </Grid>
    </Card>
  );
}
