import { AccountPage } from '../../../components/account-shell/account-page.tsx';
import { OwnerOnly } from '../../../features/account-portal/components/owner-only.tsx';
import { WebhooksView } from '../../../features/account-portal/components/webhooks-view.tsx';

export const handle = { title: 'Webhooks | Waybill Business Account' };

/** /account/webhooks (owners): the endpoints Waybill calls when the account's shipments move. */
export function Component() {
  return (
    <AccountPage title="Webhooks">
      <OwnerOnly>
        <WebhooksView />
      </OwnerOnly>
    </AccountPage>
  );
}
