import { Alert, Anchor, Skeleton, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { AccountPage } from '../../../components/account-shell/account-page.tsx';
import { useShipment } from '../../../features/account-portal/api/shipments.ts';
import { ShipmentDetails } from '../../../features/account-portal/components/shipment-details.tsx';
import { SHIPMENT_NOT_FOUND } from '../../../features/account-portal/messages.ts';
import { TrackResultCard } from '../../../features/tracking/components/track-result-card.tsx';
import { ApiError } from '../../../lib/api-client.ts';

export const handle = { title: 'Shipment | Waybill Business Account' };

/** /account/shipments/:code: the details, the labels, and the journey and proof as the tracking page shows them. */
export function Component() {
  const code = useParams().code ?? '';
  const shipment = useShipment(code);
  const back = (
    <Anchor component={Link} to="/" size="sm">
      Back to shipments
    </Anchor>
  );

  return (
    <AccountPage title={`Shipment ${code}`} actions={back}>
      {shipment.isPending ? (
        <Skeleton height={240} radius="md" />
      ) : shipment.isError ? (
        <Alert color="red" variant="light" role="alert" title="Shipment not found">
          <Text size="sm">
            {shipment.error instanceof ApiError && shipment.error.status === 404
              ? SHIPMENT_NOT_FOUND
              : shipment.error.message}
          </Text>
        </Alert>
      ) : (
        <Stack gap="lg">
          <ShipmentDetails shipment={shipment.data} />
          <TrackResultCard result={shipment.data.tracking} />
        </Stack>
      )}
    </AccountPage>
  );
}
