import { Card, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { type PackageView, PENDING_STATUS } from '@waybill/domain';
import { AttentionReasons } from './attention-reasons.tsx';
import classes from './package-card.module.css';
import { PackageStatusControl } from './package-status-control.tsx';
import { PackageThumbnail } from './package-thumbnail.tsx';
import { PendingActions } from './pending-actions.tsx';
import { StatusBadge } from './status-badge.tsx';

interface PackageCardProps {
  pkg: PackageView;
  onOpen: (pkg: PackageView) => void;
}

/**
 * One package in the grid: first image, shipper, receiver, status and tracking code (a button that
 * opens the details; a click anywhere on the card does too), then Accept/Reject or the status dropdown.
 */
export function PackageCard({ pkg, onOpen }: PackageCardProps) {
  const { trackingCode, status } = pkg;
  return (
    <Card
      component="article"
      aria-label={`Package ${trackingCode}`}
      withBorder
      radius="md"
      padding="md"
      className={classes.card}
      onClick={() => onOpen(pkg)}
    >
      <Card.Section>
        <PackageThumbnail src={pkg.packageThumbnails[0]} alt={`Package ${trackingCode}`} height={160} />
      </Card.Section>
      {/* Named by what it shows (WCAG 2.5.3, label in name): status, code, shipper and receiver. */}
      <UnstyledButton
        className={classes.summary}
        onClick={(event) => {
          event.stopPropagation();
          onOpen(pkg);
        }}
      >
        <Group justify="space-between" gap="xs" wrap="nowrap" mb="xs">
          <StatusBadge status={status} />
          <Text component="span" ff="monospace" fw={700} size="sm">
            {trackingCode}
          </Text>
        </Group>
        <Stack gap={2}>
          <Text component="span" size="sm" truncate>
            <Text component="span" c="dimmed" size="sm">
              Shipper:{' '}
            </Text>
            {pkg.name}
          </Text>
          <Text component="span" size="sm" truncate>
            <Text component="span" c="dimmed" size="sm">
              Receiver:{' '}
            </Text>
            {pkg.receiverName}
          </Text>
        </Stack>
        {pkg.attention?.length ? (
          <Stack mt="xs" gap={0}>
            <AttentionReasons reasons={pkg.attention} />
          </Stack>
        ) : null}
        <VisuallyHidden>, open details</VisuallyHidden>
      </UnstyledButton>
      {/* Clicks in the controls (their dropdowns too, portalled but still React children) stay here. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: only stops clicks from reaching the card */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the card's own click has a keyboard twin (the summary button) */}
      <div className={classes.controls} onClick={(event) => event.stopPropagation()}>
        {status === PENDING_STATUS ? (
          <PendingActions trackingCode={trackingCode} />
        ) : (
          <PackageStatusControl pkg={pkg} />
        )}
      </div>
    </Card>
  );
}
