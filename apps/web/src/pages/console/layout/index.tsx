import { Navigate, Outlet, useNavigate } from 'react-router';
import { ConsoleShell } from '../../../components/console-shell/console-shell.tsx';
import { useConsoleDocument } from '../../../components/console-shell/use-console-document.ts';
import { useSignOut } from '../../../features/console-auth/api/sign-out.ts';
import { SessionGate } from '../../../features/console-auth/components/session-gate.tsx';
import { useSignInRedirectOn401 } from '../../../features/console-auth/hooks/use-sign-in-redirect-on-401.ts';

export const handle = { title: 'Waybill Console' };

/** The signed-in frame around every console screen: the session guard, navigation and Sign out. */
export function Component() {
  useConsoleDocument();
  useSignInRedirectOn401();
  const signOut = useSignOut();
  const navigate = useNavigate();

  return (
    <SessionGate>
      {(session) =>
        // The console's screens are refused to drivers: they land on the driver app's address instead.
        session.role === 'driver' ? (
          <Navigate to="/driver" replace />
        ) : (
          <ConsoleShell
            operatorEmail={session.email}
            role={session.role}
            signingOut={signOut.isPending}
            onSignOut={() => signOut.mutate(undefined, { onSettled: () => navigate('/sign-in', { replace: true }) })}
          >
            <Outlet />
          </ConsoleShell>
        )
      }
    </SessionGate>
  );
}
