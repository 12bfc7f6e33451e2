import { SESSION_EXPIRED } from '@waybill/domain';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { AccountShell } from '../../../components/account-shell/account-shell.tsx';
import { useConsoleDocument } from '../../../components/console-shell/use-console-document.ts';
import { useAccountSignOut } from '../../../features/account-portal/api/session.ts';
import { AccountGate } from '../../../features/account-portal/components/account-gate.tsx';
import { SIGNED_OUT } from '../../../features/account-portal/messages.ts';

export const handle = { title: 'Waybill Business Account' };

/** The signed-in frame around every portal screen: the session guard, navigation and Sign out. */
export function Component() {
  useConsoleDocument();
  const signOut = useAccountSignOut();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;

  return (
    <AccountGate
      signedOut={(expired) => (
        <Navigate
          to={here === '/' ? '/sign-in' : `/sign-in?next=${encodeURIComponent(here)}`}
          state={expired ? { notice: SESSION_EXPIRED } : undefined}
          replace
        />
      )}
    >
      {(session) => (
        <AccountShell
          company={session.account.company}
          email={session.member.email}
          role={session.member.role}
          signingOut={signOut.isPending}
          onSignOut={() =>
            signOut.mutate(undefined, {
              onSettled: () => navigate('/sign-in', { replace: true, state: { notice: SIGNED_OUT } }),
            })
          }
        >
          <Outlet />
        </AccountShell>
      )}
    </AccountGate>
  );
}
