import { Alert, Badge, Group, Pagination, Paper, Select, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { TEXT_CHANNEL_LABELS, TEXT_KIND_LABELS, TEXT_STATES, type TextEntry } from '@waybill/domain';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useTexts } from '../api/list-texts.ts';

export const MESSAGES_PAGE_SIZE = 20;

// Dark enough for white text in both colour modes (Mantine's green 9 keeps it at 4.4:1 only).
const STATE_COLORS: Record<TextEntry['state'], string> = {
  queued: 'gray.8',
  sending: 'blue.9',
  sent: 'blue.9',
  delivered: '#1e6f34',
  failed: 'red.9',
  undelivered: 'red.9',
};

const STATE_FILTERS = [
  { value: '', label: 'All states' },
  ...TEXT_STATES.map((state) => ({ value: state, label: state })),
];

function StateBadge({ text }: { text: TextEntry }) {
  return (
    <Badge component="span" color={STATE_COLORS[text.state]} variant="filled">
      {text.state}
    </Badge>
  );
}

/** When it was made, and when it goes if it waits (quiet hours, a retry). */
function When({ text }: { text: TextEntry }) {
  return (
    <>
      <time dateTime={text.createdAt}>{formatDateTime(text.createdAt)}</time>
      {text.state === 'queued' && text.sendAt > text.createdAt && (
        <Text size="xs" c="dimmed" component="span" display="block">
          Goes at <time dateTime={text.sendAt}>{formatDateTime(text.sendAt)}</time>
        </Text>
      )}
    </>
  );
}

/** Desktop: one row per text. */
function MessagesTable({ items }: { items: TextEntry[] }) {
  return (
    <Table.ScrollContainer minWidth={760} visibleFrom="md">
      <Table striped verticalSpacing="sm" aria-label="Text messages">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Channel</Table.Th>
            <Table.Th>Number</Table.Th>
            <Table.Th>Template</Table.Th>
            <Table.Th>Package</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Error</Table.Th>
            <Table.Th>Time</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((text) => (
            <Table.Tr key={text.id}>
              <Table.Td>{TEXT_CHANNEL_LABELS[text.channel]}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{text.number}</Table.Td>
              <Table.Td>{TEXT_KIND_LABELS[text.kind]}</Table.Td>
              <Table.Td>{text.trackingCode ?? '—'}</Table.Td>
              <Table.Td>
                <StateBadge text={text} />
              </Table.Td>
              <Table.Td>{text.errorCode ?? ''}</Table.Td>
              <Table.Td>
                <When text={text} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Below md: one card per text. */
function MessagesCards({ items }: { items: TextEntry[] }) {
  return (
    <Stack gap="sm" hiddenFrom="md">
      {items.map((text) => (
        <Paper key={text.id} withBorder p="sm" radius="md">
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <StateBadge text={text} />
            <Text size="xs">
              <When text={text} />
            </Text>
          </Group>
          <Text fw={600} mt={6}>
            {TEXT_KIND_LABELS[text.kind]} · {TEXT_CHANNEL_LABELS[text.channel]}
          </Text>
          <Text size="sm">
            To {text.number}
            {text.trackingCode ? ` · ${text.trackingCode}` : ''}
          </Text>
          {text.errorCode && (
            <Text size="xs" c="dimmed">
              Error: {text.errorCode}
            </Text>
          )}
        </Paper>
      ))}
    </Stack>
  );
}

/** Every text queued for a receiver, newest first, a page at a time, of one state or all. */
export function MessagesLog() {
  const [page, setPage] = useState(1);
  const [state, setState] = useState('');
  const texts = useTexts(page, MESSAGES_PAGE_SIZE, state);
  const pages = Math.max(1, Math.ceil((texts.data?.total ?? 0) / MESSAGES_PAGE_SIZE));

  return (
    <Stack gap="sm" component="section" aria-labelledby="messages-log-title">
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3" id="messages-log-title">
          Text messages
        </Title>
        <Select
          label="State"
          data={STATE_FILTERS}
          value={state}
          allowDeselect={false}
          onChange={(value) => {
            setState(value ?? '');
            setPage(1);
          }}
          w={180}
        />
      </Group>
      {texts.isPending ? (
        <Skeleton height={120} />
      ) : texts.isError ? (
        <Alert color="red" variant="light" title="Could not load the text messages">
          {texts.error.message}
        </Alert>
      ) : texts.data.items.length === 0 ? (
        <Text>{state ? `No text is ${state}.` : 'No texts sent yet.'}</Text>
      ) : (
        <>
          <MessagesTable items={texts.data.items} />
          <MessagesCards items={texts.data.items} />
          {pages > 1 && (
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              size="sm"
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            />
          )}
        </>
      )}
    </Stack>
  );
}
