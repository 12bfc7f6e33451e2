import { Badge, Group } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  type AttentionReason,
  type AttentionRules,
  DEFAULT_ATTENTION_RULES,
  describeAttentionReason,
} from '@waybill/domain';
import { useAttentionSettings } from '../api/attention-settings.ts';

/** Why a package is in the "Needs attention" list, one badge a reason, with the hours in force. */
export function AttentionReasons({ reasons }: { reasons: readonly AttentionReason[] | undefined }) {
  const settings = useAttentionSettings(reasons !== undefined && reasons.length > 0);
  if (!reasons || reasons.length === 0) return null;
  const rules: AttentionRules = settings.data ?? DEFAULT_ATTENTION_RULES;
  return (
    <Group gap={4} wrap="wrap" aria-label="Needs attention because">
      {reasons.map((reason) => (
        // Neutral text (readable in both colour schemes); the red sits in the icon.
        <Badge
          key={reason}
          variant="default"
          tt="none"
          size="sm"
          leftSection={<IconAlertTriangle size={12} color="var(--mantine-color-red-6)" aria-hidden />}
          data-attention={reason}
        >
          {describeAttentionReason(reason, rules)}
        </Badge>
      ))}
    </Group>
  );
}
