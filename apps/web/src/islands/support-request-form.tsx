import { SupportRequestForm } from '../features/support-requests/components/support-request-form.tsx';
import { defineIsland } from './runtime/define-island.ts';

/** The Help Center's support request form. */
export default defineIsland('support-request-form', () => <SupportRequestForm />);
