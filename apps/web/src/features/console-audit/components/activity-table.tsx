import { Box, Code, Paper, Table, Text } from '@mantine/core';
import type { AuditEntry } from '@waybill/domain';
import {
  actionLabel,
  describeActor,
  describeAuditChange,
  formatAuditTime,
  targetTypeLabel,
} from '../../../lib/describe-audit-entry.ts';

/**
 * What an entry is about, in words the server resolved: "Package" over its tracking code, "Operator"
 * over their name, "Plan" over its names. A record that is gone says so rather than showing its id.
 */
function Target({ entry }: { entry: AuditEntry }) {
  if (!entry.targetType) {
    return (
      <Text span c="dimmed">
        —
      </Text>
    );
  }
  const type = targetTypeLabel(entry.targetType);
  const label = entry.targetLabel;
  return (
    <>
      {label !== type ? (
        <Text span size="xs" c="dimmed" display="block">
          {type}
        </Text>
      ) : null}
      {label === null ? (
        <Text span size="sm" c="dimmed">
          {entry.targetId ? 'No longer there' : '—'}
        </Text>
      ) : entry.targetType === 'package' ? (
        <Code>{label}</Code>
      ) : (
        <Text span size="sm" style={{ overflowWrap: 'anywhere' }}>
          {label}
        </Text>
      )}
    </>
  );
}

/** From md up: the audit log as a dense table. */
function ActivityTableRows({ entries }: { entries: AuditEntry[] }) {
  return (
    <Table.ScrollContainer minWidth={760} visibleFrom="md">
      <Table striped highlightOnHover verticalSpacing={6} fz="sm" aria-label="Activity, newest first">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={150}>When</Table.Th>
            <Table.Th>Who</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>Target</Table.Th>
            <Table.Th>Change</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <time dateTime={entry.at}>{formatAuditTime(entry.at)}</time>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{describeActor(entry)}</Table.Td>
              <Table.Td>{actionLabel(entry.action)}</Table.Td>
              <Table.Td>
                <Target entry={entry} />
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'break-word' }}>{describeAuditChange(entry) || '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Below md (phones, small tablets): one card per entry with when, who, what and the target, stacked. */
function ActivityCards({ entries }: { entries: AuditEntry[] }) {
  return (
    <Box
      component="ul"
      hiddenFrom="md"
      p={0}
      m={0}
      style={{ listStyle: 'none', display: 'grid', gap: 'var(--mantine-spacing-sm)' }}
      aria-label="Activity, newest first"
    >
      {entries.map((entry) => {
        const change = describeAuditChange(entry);
        return (
          <Paper key={entry.id} component="li" withBorder p="sm" radius="md">
            <Text size="xs" c="dimmed" component="time" dateTime={entry.at}>
              {formatAuditTime(entry.at)}
            </Text>
            <Text fw={600} mt={2}>
              {actionLabel(entry.action)}
            </Text>
            {change ? (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {change}
              </Text>
            ) : null}
            <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
              By {describeActor(entry)}
            </Text>
            {entry.targetType ? (
              <div style={{ marginTop: 4 }}>
                <Target entry={entry} />
              </div>
            ) : null}
          </Paper>
        );
      })}
    </Box>
  );
}

/** The audit log: a table from md up, stacked cards below it (no sideways scroll on a phone). */
export function ActivityTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <>
      <ActivityTableRows entries={entries} />
      <ActivityCards entries={entries} />
    </>
  );
}
