import { HomeContactForm } from '../features/contact-messages/components/home-contact-form.tsx';
import { defineIsland } from './runtime/define-island.ts';

/** The home page's contact form (Ready to Ship?). */
export default defineIsland('home-contact-form', () => <HomeContactForm />);
