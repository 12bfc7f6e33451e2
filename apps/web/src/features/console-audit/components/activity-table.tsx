import { Code, Table, Text } from '@mantine/core';
import type { AuditEntry } from '@waybill/domain';
import { actionLabel, describeActor, describeAuditChange, formatAuditTime } from '../../../lib/describe-audit-entry.ts';

/** "package WB123…", "operator 3f2a…": a package by its tracking code (kept after it is deleted). */
function TargetCell({ entry }: { entry: AuditEntry }) {
  if (!entry.targetType)
    return (
      <Text span c="dimmed">
        —
      </Text>
    );
  return (
    <>
      <Text span size="xs" c="dimmed" display="block">
        {entry.targetType}
      </Text>
      {entry.targetId ? <Code>{entry.targetId}</Code> : null}
    </>
  );
}

/** The audit log as a dense table that scrolls sideways inside itself on a narrow screen. */
export function ActivityTable({ entries }: { entries: AuditEntry[] }) {
  return (
    // A focusable region of its own: with no control inside, a keyboard could not scroll it otherwise.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region has to take focus to be scrolled by keys
    <section aria-label="Activity table" tabIndex={0} style={{ overflowX: 'auto' }}>
      <Table striped highlightOnHover verticalSpacing={6} fz="sm" miw={760} aria-label="Activity, newest first">
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
                <TargetCell entry={entry} />
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'break-word' }}>{describeAuditChange(entry) || '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}
