import { Alert } from '@mantine/core';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useConsoleDocument } from '../../../components/console-shell/use-console-document.ts';
import { useForgetAccountData } from '../../../features/account-portal/api/session.ts';
import { AuthCard } from '../../../features/account-portal/components/auth-card.tsx';
import { AccountSignInForm } from '../../../features/account-portal/components/sign-in-form.tsx';

export const handle = { title: 'Sign in | Waybill Business Account' };

/** A return path inside the portal, or its home: never another site's address. */
function portalReturnPath(next: string | null): string {
  if (!next?.startsWith('/') || next.startsWith('//') || /[\p{Cc}\\]/u.test(next)) return '/';
  return next;
}

/** /account/sign-in: e-mail and password; back to where the member was going after. */
export function Component() {
  useConsoleDocument();
  useForgetAccountData();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const notice = (useLocation().state as { notice?: string } | null)?.notice;

  return (
    <AuthCard title="Sign in">
      {notice ? (
        <Alert color="blue" variant="light" role="status">
          {notice}
        </Alert>
      ) : null}
      <AccountSignInForm onSignedIn={() => navigate(portalReturnPath(params.get('next')), { replace: true })} />
    </AuthCard>
  );
}
