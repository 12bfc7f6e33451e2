import type { TextOffer } from '@waybill/domain';
import { ShipForm } from '../features/packages/components/ship-form.tsx';
import { defineIsland } from './runtime/define-island.ts';

/** The shipping form of /create, with its review dialog and the tracking code it gives back. */
export interface ShipFormIslandProps {
  /** The texts the server can send (SMS_PROVIDER); absent: no text options. */
  texts?: TextOffer;
}

export default defineIsland('ship-form', ({ texts }: ShipFormIslandProps) => <ShipForm texts={texts ?? null} />);
