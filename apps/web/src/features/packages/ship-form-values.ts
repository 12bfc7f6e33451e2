import { type DimensionUnit, PACKAGE_DEFAULTS, type PackageFormInput } from '@waybill/domain';
import type { UseFormReturn } from 'react-hook-form';

/** What the ship form holds while it is being filled in: number inputs may be blank (''). */
export interface ShipFormValues {
  name: string;
  email: string;
  phone: string;
  pickupLocation: string;
  rname: string;
  remail: string;
  rphone: string;
  destination: string;
  description: string;
  quantity: number | string;
  weight: number | string;
  dimensionUnit: DimensionUnit;
  length: number | string;
  width: number | string;
  height: number | string;
}

/** A blank form with the SPEC §9 defaults. */
export const SHIP_FORM_DEFAULTS: ShipFormValues = {
  name: '',
  email: '',
  phone: '',
  pickupLocation: '',
  rname: '',
  remail: '',
  rphone: '',
  destination: '',
  description: '',
  ...PACKAGE_DEFAULTS,
};

/** The ship form's react-hook-form handle: raw values in, the domain's parsed input out. */
export type ShipForm = UseFormReturn<ShipFormValues, unknown, PackageFormInput>;
