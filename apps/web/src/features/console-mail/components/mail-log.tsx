import { Alert, Badge, Group, Pagination, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { MailLogEntry } from '@waybill/domain';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useMailLog } from '../api/list-mail-log.ts';

export const MAIL_LOG_PAGE_SIZE = 10;

const TEMPLATE_LABELS: Record<string, string> = {
  package: 'Package Notification',
  simple: 'Simple Message',
  notification: 'Status notification',
};

function StatusBadge({ entry }: { entry: MailLogEntry }) {
  return (
    // Darker than Mantine's green 9, which keeps white text only at 4.4:1.
    <Badge component="span" color={entry.status === 'sent' ? '#1e6f34' : 'red.9'} variant="filled">
      {entry.status}
    </Badge>
  );
}

function ErrorText({ entry }: { entry: MailLogEntry }) {
  if (!entry.error) return null;
  return (
    <Text size="xs" c="dimmed">
      {entry.error}
    </Text>
  );
}

/** Desktop: one row per message. */
function MailLogTable({ items }: { items: MailLogEntry[] }) {
  return (
    <Table.ScrollContainer minWidth={720} visibleFrom="md">
      <Table striped verticalSpacing="sm" aria-label="Mail log">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>To</Table.Th>
            <Table.Th>Subject</Table.Th>
            <Table.Th>Template</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Time</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((entry) => (
            <Table.Tr key={entry._id}>
              <Table.Td style={{ wordBreak: 'break-all' }}>{entry.to}</Table.Td>
              <Table.Td>{entry.subject}</Table.Td>
              <Table.Td>{TEMPLATE_LABELS[entry.template] ?? entry.template}</Table.Td>
              <Table.Td>
                <StatusBadge entry={entry} />
                <ErrorText entry={entry} />
              </Table.Td>
              <Table.Td>
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Below md: one card per message. */
function MailLogCards({ items }: { items: MailLogEntry[] }) {
  return (
    <Stack gap="sm" hiddenFrom="md">
      {items.map((entry) => (
        <Paper key={entry._id} withBorder p="sm" radius="md">
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <StatusBadge entry={entry} />
            <Text size="xs" component="time" dateTime={entry.createdAt}>
              {formatDateTime(entry.createdAt)}
            </Text>
          </Group>
          <Text fw={600} mt={6} style={{ wordBreak: 'break-word' }}>
            {entry.subject}
          </Text>
          <Text size="sm" style={{ wordBreak: 'break-all' }}>
            To {entry.to}
          </Text>
          <Text size="sm">{TEMPLATE_LABELS[entry.template] ?? entry.template}</Text>
          <ErrorText entry={entry} />
        </Paper>
      ))}
    </Stack>
  );
}

/** Every message the server sent or tried to send, newest first, a page at a time. */
export function MailLog() {
  const [page, setPage] = useState(1);
  const log = useMailLog(page, MAIL_LOG_PAGE_SIZE);
  const pages = Math.max(1, Math.ceil((log.data?.total ?? 0) / MAIL_LOG_PAGE_SIZE));

  return (
    <Stack gap="sm" component="section" aria-labelledby="mail-log-title">
      <Title order={2} size="h3" id="mail-log-title">
        Mail log
      </Title>
      {log.isPending ? (
        <Skeleton height={120} />
      ) : log.isError ? (
        <Alert color="red" variant="light" title="Could not load the mail log">
          {log.error.message}
        </Alert>
      ) : log.data.items.length === 0 ? (
        <Text>No e-mails sent yet.</Text>
      ) : (
        <>
          <MailLogTable items={log.data.items} />
          <MailLogCards items={log.data.items} />
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
