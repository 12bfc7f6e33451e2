import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SESSION_QUERY_KEY } from '../api/get-session.ts';
import { buildSignInPath, isSessionError } from '../sign-in-path.ts';

/**
 * Watches every console query and mutation: the first 401 (the session expired or was ended elsewhere)
 * sends the operator to sign-in with the expiry message and a way back, instead of a screen that
 * silently stops working. Screens need no code of their own for it.
 */
export function useSignInRedirectOn401(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef('/');
  here.current = `${location.pathname}${location.search}`;

  useEffect(() => {
    let redirected = false;
    const redirect = (error: unknown) => {
      if (redirected || !isSessionError(error)) return;
      redirected = true;
      // The cache is left alone here (the sign-in page empties it): dropping the session now would make
      // the still-mounted frame ask again and redirect a second time, without the expiry reason.
      navigate(buildSignInPath(here.current, { expired: true }), { replace: true });
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      // The session check itself is handled by the frame, which knows a first visit from an expiry.
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (event.query.queryKey[0] === SESSION_QUERY_KEY[0]) return;
      // A read started ahead of its screen (Dispatch's, beside the session) and shown by none yet says
      // nothing the session check will not: on a first visit it must not read as an expired session.
      if (event.query.getObserversCount() === 0) return;
      redirect(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') redirect(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient, navigate]);
}
