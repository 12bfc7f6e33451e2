import type { OperatorSession } from '@waybill/domain';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { buildSignInPath } from '../sign-in-path.ts';
import { SessionView } from './session-view.tsx';

/**
 * A console screen's session guard: a loader while the session is asked, the sign-in page (saying so
 * when it expired, and coming back here after) without one, a retry when the server cannot be
 * reached; then the page, given the session.
 */
export function SessionGate({ children }: { children: (session: OperatorSession) => ReactNode }) {
  const location = useLocation();
  return (
    <SessionView
      toSignIn={({ expired }) => (
        <Navigate to={buildSignInPath(`${location.pathname}${location.search}`, { expired })} replace />
      )}
    >
      {children}
    </SessionView>
  );
}
