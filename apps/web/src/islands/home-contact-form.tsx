import { defineIsland } from '../components/island/define-island.ts';
import { HomeContactForm } from '../features/contact-messages/components/home-contact-form.tsx';

/** The home page's contact form (Ready to Ship?). */
export default defineIsland('home-contact-form', () => <HomeContactForm />);
