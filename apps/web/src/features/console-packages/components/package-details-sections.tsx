import { Alert, Anchor, Button, Image, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  type AuditEntry,
  countOf,
  describeText,
  formatDimensions,
  formatVolume,
  type PackageView,
  type TextEntry,
} from '@waybill/domain';
import type { ReactNode } from 'react';
import { describeActor, describeAuditEntry, formatAuditTime } from '../../../lib/describe-audit-entry.ts';
import { usePackageHistory } from '../api/get-package-history.ts';
import { usePackageTexts } from '../api/get-package-texts.ts';
import classes from './package-details.module.css';
import { StatusBadge } from './status-badge.tsx';

/** A titled list of label/value pairs. */
function DetailsBlock({ title, rows }: { title: string; rows: [string, ReactNode][] }) {
  return (
    <section aria-label={title}>
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      <dl className={classes.list}>
        {rows.map(([label, value]) => (
          <div key={label} className={classes.row}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** How many addresses confirmed the package's e-mail updates, in words. */
export function describeSubscribers(count: number): string {
  if (count === 0) return 'No subscribers';
  return countOf(count, 'subscriber', 'subscribers');
}

/** Shipper, receiver and package information of the details dialog. */
export function PackageDetailsSections({ pkg }: { pkg: PackageView }) {
  const dimensions = formatDimensions(pkg.length, pkg.width, pkg.height, pkg.dimensionUnit);
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <DetailsBlock
          title="Shipper"
          rows={[
            ['Name', pkg.name],
            ['Email', pkg.email],
            ['Phone', pkg.phone],
            ['Pickup Location', pkg.pickupLocation],
          ]}
        />
        <DetailsBlock
          title="Receiver"
          rows={[
            ['Name', pkg.receiverName],
            ['Email', pkg.receiverEmail],
            ['Phone', pkg.receiverPhone],
            ['Destination', pkg.destination],
          ]}
        />
      </SimpleGrid>
      <DetailsBlock
        title="Package Information"
        rows={[
          ['Status', <StatusBadge key="status" status={pkg.status} />],
          ['Description', pkg.description],
          ['Quantity', String(pkg.quantity)],
          ['Weight', `${pkg.weight} kg`],
          ['Dimensions', dimensions],
          ['Volume', formatVolume(pkg.length, pkg.width, pkg.height, pkg.dimensionUnit)],
          // Only the details answer counts them; the console never sees who they are.
          ...(pkg.subscribers === undefined
            ? []
            : [['E-mail updates', describeSubscribers(pkg.subscribers)] as [string, ReactNode]]),
        ]}
      />
    </Stack>
  );
}

/** The package's images as thumbnails, each opening the full-size image in a new tab. */
export function PackageImages({ pkg }: { pkg: PackageView }) {
  return (
    <section aria-label="Images">
      <Title order={3} size="h5" mb="xs">
        Images
      </Title>
      {pkg.packageImages.length === 0 ? (
        <Text c="dimmed" size="sm">
          No images were uploaded with this package.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, xs: 3, sm: 4 }} spacing="xs">
          {pkg.packageImages.map((url, index) => (
            <Anchor
              key={url}
              href={url}
              target="_blank"
              rel="noopener"
              aria-label={`Open image ${index + 1} of ${pkg.packageImages.length} full size`}
              className={classes.imageLink}
            >
              <Image
                src={pkg.packageThumbnails[index] ?? url}
                alt=""
                width={400}
                height={300}
                h={110}
                fit="cover"
                radius="sm"
                loading="lazy"
              />
            </Anchor>
          ))}
        </SimpleGrid>
      )}
    </section>
  );
}

type HistoryLine = { at: string; key: string; entry: AuditEntry } | { at: string; key: string; text: TextEntry };

/** The audit entries and the texts in one list, newest first. */
function historyLines(entries: AuditEntry[], texts: TextEntry[]): HistoryLine[] {
  const lines: HistoryLine[] = [
    ...entries.map((entry) => ({ at: entry.at, key: `audit-${entry.id}`, entry })),
    ...texts.map((text) => ({ at: text.createdAt, key: `text-${text.id}`, text })),
  ];
  return lines.sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
}

/**
 * Who did what to the package and when, and each text sent to its receiver (number masked, its state
 * now), newest first; refetched with the package after every change.
 */
export function PackageHistory({ trackingCode }: { trackingCode: string }) {
  const history = usePackageHistory(trackingCode);
  const texts = usePackageTexts(trackingCode);
  const lines = historyLines(history.data ?? [], texts.data ?? []);
  return (
    <section aria-label="History">
      <Title order={3} size="h5" mb="xs">
        History
      </Title>
      {history.isPending || texts.isPending ? (
        <Loader size="sm" aria-label="Loading history" />
      ) : history.isError ? (
        <Alert color="red" variant="light" title="Could not load the history">
          {history.error.message}
          <Button mt="xs" size="xs" variant="default" display="block" onClick={() => void history.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : lines.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nothing recorded yet.
        </Text>
      ) : (
        <ol className={classes.history} aria-label={`History of ${trackingCode}, newest first`}>
          {lines.map((line) => (
            <li key={line.key} className={classes.historyItem}>
              <Text component="span" size="sm" c="dimmed">
                <time dateTime={line.at}>{formatAuditTime(line.at)}</time> ·{' '}
                {'entry' in line ? describeActor(line.entry) : 'Text message'}
              </Text>
              <Text component="span" size="sm">
                {'entry' in line ? describeAuditEntry(line.entry) : describeText(line.text)}
              </Text>
            </li>
          ))}
        </ol>
      )}
      {texts.isError && (
        <Text size="sm" c="red.8" mt="xs">
          Could not load the package’s texts: {texts.error.message}
        </Text>
      )}
    </section>
  );
}
