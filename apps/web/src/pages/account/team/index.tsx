import { AccountPage } from '../../../components/account-shell/account-page.tsx';
import { useSignedInSession } from '../../../features/account-portal/components/account-gate.tsx';
import { TeamView } from '../../../features/account-portal/components/team-view.tsx';

export const handle = { title: 'Team | Waybill Business Account' };

/** /account/team: the account's people; owners invite and remove. */
export function Component() {
  const { member } = useSignedInSession();
  return (
    <AccountPage title="Team">
      <TeamView me={member} />
    </AccountPage>
  );
}
