import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import { type AccountShipment, canHaveLabel } from '@waybill/domain';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../lib/format-date.ts';
import { labelHref } from '../api/shipments.ts';

const LABEL_SIZES = [
  { size: '4x6', name: '4×6' },
  { size: 'a4', name: 'A4' },
] as const;

/** The label PDF in each size, in a new tab: offered once the package was accepted (not Pending or Rejected). */
export function LabelLinks({ shipment }: { shipment: Pick<AccountShipment, 'trackingCode' | 'status'> }) {
  if (!canHaveLabel(shipment.status)) {
    return (
      <Text size="sm" c="dimmed">
        The label can be downloaded once the package is accepted.
      </Text>
    );
  }
  return (
    <Group gap="xs">
      {LABEL_SIZES.map(({ size, name }) => (
        <Button
          key={size}
          component="a"
          href={labelHref(shipment.trackingCode, size)}
          target="_blank"
          rel="noopener"
          variant="default"
          size="sm"
          leftSection={<IconFileDownload size={16} aria-hidden />}
        >
          Label PDF ({name})
        </Button>
      ))}
    </Group>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      <Stack gap={4}>{children}</Stack>
    </Card>
  );
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Text span c="dimmed" size="sm">
        {label}:{' '}
      </Text>
      {children}
    </Text>
  );
}

/** Who sends, who receives and what: the shipment as it was created, with its labels. */
export function ShipmentDetails({ shipment }: { shipment: AccountShipment }) {
  return (
    <Stack gap="md">
      <LabelLinks shipment={shipment} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Section title="Sender">
          <Line label="Name">{shipment.name}</Line>
          <Line label="Email">{shipment.email}</Line>
          <Line label="Phone">{shipment.phone}</Line>
          <Line label="Pickup">{shipment.pickupLocation}</Line>
        </Section>
        <Section title="Receiver">
          <Line label="Name">{shipment.receiverName}</Line>
          <Line label="Email">{shipment.receiverEmail}</Line>
          <Line label="Phone">{shipment.receiverPhone}</Line>
          <Line label="Destination">{shipment.destination}</Line>
        </Section>
        <Section title="Package">
          <Line label="Description">{shipment.description}</Line>
          <Line label="Quantity">{shipment.quantity}</Line>
          <Line label="Weight">{shipment.weight} kg</Line>
          <Line label="Size">
            {shipment.length} × {shipment.width} × {shipment.height} {shipment.dimensionUnit}
          </Line>
          <Line label="Created">{formatDateTime(shipment.createdAt)}</Line>
        </Section>
      </SimpleGrid>
    </Stack>
  );
}
