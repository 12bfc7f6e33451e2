import { Card, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PACKAGE_CHECK_MINUTES, type PackageCheckState } from '@waybill/domain';
import { useId, useState } from 'react';
import { readPreferences, usePackageCheck } from '../api/manage-delivery.ts';
import { DeliveryChoicesForm } from './delivery-choices-form.tsx';
import { PackageCheckForm } from './package-check-form.tsx';

export const CHECK_LAPSED = 'Your confirmation has run out: confirm again to save your choices.';
const NOT_CHECKED: PackageCheckState = { checked: false, as: null, until: null };

/**
 * "Manage this delivery" under a package on its way: the sender or the recipient confirms who they are,
 * then sets instructions for the driver, a safe place and another day. Whether this browser is already
 * confirmed (its cookie is the server's to read) is asked once the page is awake; until then, and for a
 * visitor who is not, the check shows.
 */
export function ManageDelivery({ code }: { code: string }) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const check = usePackageCheck(code);
  const checked = check.data?.checked === true;
  const key = ['track', code, 'preferences'] as const;
  const query = useQuery({
    queryKey: key,
    queryFn: () => readPreferences(code),
    enabled: checked,
    retry: false,
    staleTime: Infinity,
  });
  const saved = checked ? query.data : undefined;
  const [lapsed, setLapsed] = useState(false);

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          Manage this delivery
        </Title>
        {saved ? (
          <>
            <Text size="sm" c="dimmed">
              Confirmed as the {check.data?.as === 'shipper' ? 'sender' : 'recipient'} on this browser for{' '}
              {PACKAGE_CHECK_MINUTES} minutes. You can change these until the package is out for delivery.
            </Text>
            <DeliveryChoicesForm
              key={saved.setAt ?? 'none'}
              code={code}
              saved={saved}
              onSaved={(next) => {
                queryClient.setQueryData(key, next);
                // The estimated delivery shown above follows a new day.
                void queryClient.invalidateQueries({ queryKey: ['tracking', code] });
              }}
              onCheckLost={() => {
                setLapsed(true);
                queryClient.setQueryData(['track', code, 'check'], NOT_CHECKED);
              }}
            />
          </>
        ) : (
          <PackageCheckForm
            code={code}
            purpose="to leave instructions for the driver, choose a safe place or another day"
            note={lapsed ? CHECK_LAPSED : undefined}
            onChecked={() => {
              setLapsed(false);
              void check.refetch();
            }}
          />
        )}
      </Stack>
    </Card>
  );
}
