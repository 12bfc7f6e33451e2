import { Alert } from '@mantine/core';
import { ACCOUNT_OWNER_ONLY } from '@waybill/domain';
import type { ReactNode } from 'react';
import { useSignedInSession } from './account-gate.tsx';

/** A screen only owners use: a member who opens its address gets the server's own words instead. */
export function OwnerOnly({ children }: { children: ReactNode }) {
  const { member } = useSignedInSession();
  if (member.role === 'owner') return children;
  return (
    <Alert color="gray" variant="light" title={ACCOUNT_OWNER_ONLY} role="status">
      Ask an owner of your account if you need a change here.
    </Alert>
  );
}
