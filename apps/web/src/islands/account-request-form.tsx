import { defineIsland } from '../components/island/define-island.ts';
import { AccountRequestForm } from '../features/account-request/components/account-request-form.tsx';

/** The account request form; a received request lands on /thank-you. */
export default defineIsland('account-request-form', () => (
  <AccountRequestForm onSubmitted={() => window.location.assign('/thank-you')} />
));
