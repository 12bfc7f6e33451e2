import { defineIsland } from '../components/island/define-island.ts';
import { ShipForm } from '../features/shipments/components/ship-form.tsx';

/** The shipping form of /create, with its review dialog and the tracking code it gives back. */
export default defineIsland('ship-form', () => <ShipForm />);
