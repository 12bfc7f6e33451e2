import { Alert, List, Text } from '@mantine/core';
import type { BulkResult } from '@waybill/domain';

export interface BulkOutcome {
  /** What was done, for the heading: "Accept", "Delete", … */
  action: string;
  results: BulkResult[];
}

/** "3 done, 1 failed": the one line a bulk action's toast and report both start with. */
export function outcomeLine(results: BulkResult[]): string {
  const failed = results.filter((result) => !result.ok).length;
  return `${results.length - failed} done, ${failed} failed`;
}

/** What the last bulk action did: the counts, then each failed code with the server's reason. */
export function BulkReport({ outcome, onClose }: { outcome: BulkOutcome; onClose: () => void }) {
  const failures = outcome.results.filter((result) => !result.ok);
  return (
    <Alert
      color={failures.length > 0 ? 'orange' : 'green'}
      title={`${outcome.action}: ${outcomeLine(outcome.results)}`}
      withCloseButton
      closeButtonLabel="Dismiss report"
      onClose={onClose}
    >
      {failures.length > 0 ? (
        <>
          <Text size="sm" mb={4}>
            The failed packages stay selected:
          </Text>
          <List size="sm" spacing={2} mah={200} style={{ overflowY: 'auto' }}>
            {failures.map((failure) => (
              <List.Item key={failure.trackingCode}>
                <Text component="span" ff="monospace" fw={700} size="sm">
                  {failure.trackingCode}
                </Text>
                : {failure.message ?? 'Failed'}
              </List.Item>
            ))}
          </List>
        </>
      ) : (
        <Text size="sm">Every selected package was done.</Text>
      )}
    </Alert>
  );
}
