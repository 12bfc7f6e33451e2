import { type PackageView, receiverWire } from '@waybill/domain';

/** A package as the console holds it (the code's names), for component tests. */
export const PACKAGE: PackageView = {
  _id: '0c7d35b4-8f4e-4a45-9d0e-1e3c35d2f9aa',
  trackingCode: 'ABCDEFGH2345',
  status: 'Shipped',
  name: 'Ada Obi',
  email: 'ada@example.com',
  phone: '+234 801 000 0000',
  pickupLocation: '12 Marina, Lagos',
  receiverName: 'Kofi Mensah',
  receiverEmail: 'kofi@example.com',
  receiverPhone: '+233 20 000 0000',
  destination: '4 Oxford Street, Accra',
  description: 'Two hardback textbooks',
  quantity: 2,
  weight: 1.5,
  dimensionUnit: 'cm',
  length: 30,
  width: 20,
  height: 10,
  packageImages: [],
  packageThumbnails: [],
  locationUpdates: [],
  estimatedDelivery: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
};

/** The same package as the API writes it (SPEC §3's `rname`, `remail`, `rphone`), for answers of a fake fetch. */
export const PACKAGE_ANSWER = receiverWire.toWire(PACKAGE);
