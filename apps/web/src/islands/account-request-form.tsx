import { AccountRequestForm } from '../features/account-request/components/account-request-form.tsx';
import { defineIsland } from './runtime/define-island.ts';

/** The account request form; a received request lands on /thank-you. */
export default defineIsland('account-request-form', () => (
  <AccountRequestForm onSubmitted={() => window.location.assign('/thank-you')} />
));
