import { AccountPage } from '../../../components/account-shell/account-page.tsx';
import { useSignedInSession } from '../../../features/account-portal/components/account-gate.tsx';
import { AccountShipForm } from '../../../features/account-portal/components/ship-form.tsx';

export const handle = { title: 'Ship a package | Waybill Business Account' };

/** /account/ship: the ship form with the account as the sender. */
export function Component() {
  const { account } = useSignedInSession();
  return (
    <AccountPage title="Ship a package">
      <AccountShipForm account={account} />
    </AccountPage>
  );
}
