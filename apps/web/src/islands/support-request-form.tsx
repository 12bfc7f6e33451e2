import { defineIsland } from '../components/island/define-island.ts';
import { SupportRequestForm } from '../features/support-requests/components/support-request-form.tsx';

/** The Help Center's support request form. */
export default defineIsland('support-request-form', () => <SupportRequestForm />);
