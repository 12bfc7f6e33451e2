import { Anchor, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatDimensions, formatVolume, type ShipmentView } from '@waybill/domain';
import type { ReactNode } from 'react';
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

/** Shipper, receiver and package information of the details dialog. */
export function PackageDetailsSections({ shipment }: { shipment: ShipmentView }) {
  const dimensions = formatDimensions(shipment.length, shipment.width, shipment.height, shipment.dimensionUnit);
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <DetailsBlock
          title="Shipper"
          rows={[
            ['Name', shipment.name],
            ['Email', shipment.email],
            ['Phone', shipment.phone],
            ['Pickup Location', shipment.pickupLocation],
          ]}
        />
        <DetailsBlock
          title="Receiver"
          rows={[
            ['Name', shipment.rname],
            ['Email', shipment.remail],
            ['Phone', shipment.rphone],
            ['Destination', shipment.destination],
          ]}
        />
      </SimpleGrid>
      <DetailsBlock
        title="Package Information"
        rows={[
          ['Status', <StatusBadge key="status" status={shipment.status} />],
          ['Description', shipment.description],
          ['Quantity', String(shipment.quantity)],
          ['Weight', `${shipment.weight} kg`],
          ['Dimensions', dimensions],
          ['Volume', formatVolume(shipment.length, shipment.width, shipment.height, shipment.dimensionUnit)],
        ]}
      />
    </Stack>
  );
}

/** The package's images as thumbnails, each opening the full-size image in a new tab. */
export function PackageImages({ shipment }: { shipment: ShipmentView }) {
  return (
    <section aria-label="Images">
      <Title order={3} size="h5" mb="xs">
        Images
      </Title>
      {shipment.packageImages.length === 0 ? (
        <Text c="dimmed" size="sm">
          No images were uploaded with this package.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, xs: 3, sm: 4 }} spacing="xs">
          {shipment.packageImages.map((url, index) => (
            <Anchor
              key={url}
              href={url}
              target="_blank"
              rel="noopener"
              aria-label={`Open image ${index + 1} of ${shipment.packageImages.length} full size`}
              className={classes.imageLink}
            >
              <Image
                src={shipment.packageThumbnails[index] ?? url}
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
