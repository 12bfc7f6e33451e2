import { Alert, Anchor } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useConsoleDocument } from '../../../components/console-shell/use-console-document.ts';
import { useForgetAccountData } from '../../../features/account-portal/api/session.ts';
import { AuthCard } from '../../../features/account-portal/components/auth-card.tsx';
import { SetPasswordForm } from '../../../features/account-portal/components/set-password-form.tsx';
import { LINK_HELP, LINK_INCOMPLETE } from '../../../features/account-portal/messages.ts';
import { readFragmentToken } from '../../../lib/link-token.ts';

export const handle = { title: 'Set your password | Waybill Business Account' };

/**
 * /account/set-password#token=…: the page of an approval or invitation link. The token is read from
 * the fragment (never sent to the server in the address), then taken out of the address bar, so
 * history, a bookmark or a shared screen keep none of it; it is posted in the request's body.
 */
export function Component() {
  useConsoleDocument();
  useForgetAccountData();
  const navigate = useNavigate();
  const [token] = useState(() => readFragmentToken(window.location.hash));
  useEffect(() => {
    if (window.location.hash) {
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
    }
  }, []);

  return (
    <AuthCard title="Set your password">
      {token ? (
        <SetPasswordForm
          token={token}
          onSignedIn={() => navigate('/', { replace: true })}
          onPasswordSet={(message) => navigate('/sign-in', { replace: true, state: { notice: message } })}
        />
      ) : (
        <Alert color="red" variant="light" title={LINK_INCOMPLETE} role="alert">
          Open the link from your e-mail again. {LINK_HELP}{' '}
          <Anchor component={Link} to="/sign-in" size="sm">
            Sign in
          </Anchor>
        </Alert>
      )}
    </AuthCard>
  );
}
