import { ShipForm } from '../features/packages/components/ship-form.tsx';
import { defineIsland } from './runtime/define-island.ts';

/** The shipping form of /create, with its review dialog and the tracking code it gives back. */
export default defineIsland('ship-form', () => <ShipForm />);
