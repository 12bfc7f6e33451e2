import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ACCOUNT_SHIPMENTS_PAGE_SIZE,
  type AccountShipInput,
  accountShipmentSchema,
  accountShipmentSummarySchema,
  accountShippedSchema,
} from '@waybill/domain';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';
import { fetchPage } from '../../../lib/paging.ts';
import { useWriteMutation } from '../../../lib/use-write-mutation.ts';

export interface ShipmentFilters {
  q: string;
  status: string;
  page: number;
}

const SHIPMENTS_KEY = ['account-shipments'] as const;

/** GET /api/account/shipments: one page of the account's shipments, with the paging headers read back. */
export function shipmentsQuery({ q, status, page }: ShipmentFilters) {
  return queryOptions({
    queryKey: [...SHIPMENTS_KEY, { q, status, page }],
    queryFn: ({ signal }) =>
      fetchPage('/api/account/shipments', {
        item: accountShipmentSummarySchema,
        page,
        pageSize: ACCOUNT_SHIPMENTS_PAGE_SIZE,
        filters: { q: q.trim(), status },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useShipments(filters: ShipmentFilters) {
  return useQuery(shipmentsQuery(filters));
}

/** GET /api/account/shipments/{code}: a 404 for a code of another account as for one that does not exist. */
export function useShipment(code: string) {
  return useQuery({
    queryKey: ['account-shipment', code],
    queryFn: ({ signal }) =>
      apiFetch(`/api/account/shipments/${encodeURIComponent(code)}`, { signal, schema: accountShipmentSchema }),
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status === 404),
  });
}

/** The label PDF's address: a plain GET with the session cookie, opened in a new tab. */
export function labelHref(code: string, size: '4x6' | 'a4'): string {
  return `/api/account/shipments/${encodeURIComponent(code)}/label?size=${size}`;
}

/** POST /api/account/shipments: a Pending package whose sender is the account; one per confirmation. */
export function useShipForAccount() {
  const queryClient = useQueryClient();
  return useWriteMutation({
    mutationFn: (input: AccountShipInput, idempotencyKey) =>
      apiFetch('/api/account/shipments', { json: input, idempotencyKey, schema: accountShippedSchema }),
    retryLostAnswers: true,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SHIPMENTS_KEY }),
  });
}
