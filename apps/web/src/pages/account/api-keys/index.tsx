import { AccountPage } from '../../../components/account-shell/account-page.tsx';
import { ApiKeysView } from '../../../features/account-portal/components/api-keys-view.tsx';
import { OwnerOnly } from '../../../features/account-portal/components/owner-only.tsx';

export const handle = { title: 'API keys | Waybill Business Account' };

/** /account/api-keys (owners): the keys of the account's API. */
export function Component() {
  return (
    <AccountPage title="API keys">
      <OwnerOnly>
        <ApiKeysView />
      </OwnerOnly>
    </AccountPage>
  );
}
