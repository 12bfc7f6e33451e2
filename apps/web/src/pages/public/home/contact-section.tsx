import { useContactChannels } from '../../../features/company-details/api/use-contact-channels.ts';
import { ReadyToShip } from './ready-to-ship.tsx';

/** Ready to Ship? with its contact form, reading the saved contact details itself (a deferred module). */
export function ContactSection() {
  const channels = useContactChannels();
  return <ReadyToShip channels={channels} />;
}
