import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { AccountPage } from '../../../components/account-shell/account-page.tsx';
import type { ShipmentFilters } from '../../../features/account-portal/api/shipments.ts';
import { ShipmentList } from '../../../features/account-portal/components/shipment-list.tsx';

export const handle = { title: 'Shipments | Waybill Business Account' };

/** The portal's home: the account's shipments, their search, filter and page kept in the address. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  const filters: ShipmentFilters = {
    q: params.get('q') ?? '',
    status: params.get('status') ?? '',
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
  const change = (next: Partial<ShipmentFilters>) => {
    const merged = { ...filters, ...next };
    const query = new URLSearchParams();
    if (merged.q.trim()) query.set('q', merged.q.trim());
    if (merged.status) query.set('status', merged.status);
    if (merged.page > 1) query.set('page', String(merged.page));
    setParams(query, { replace: true });
  };

  return (
    <AccountPage
      title="Shipments"
      actions={
        <Button component={Link} to="/ship" leftSection={<IconPlus size={16} aria-hidden />}>
          Ship a package
        </Button>
      }
    >
      <ShipmentList filters={filters} onFiltersChange={change} />
    </AccountPage>
  );
}
