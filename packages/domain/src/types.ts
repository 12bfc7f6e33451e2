import type { DimensionUnit } from './volume.ts';

/** A location update as the API returns it. */
export interface LocationUpdateView {
  _id: string;
  location: string;
  /** ISO 8601 date-time. */
  timestamp: string;
}

/** A package as the console API returns it (SPEC §3 field names). */
export interface ShipmentView {
  _id: string;
  trackingCode: string;
  status: string;
  name: string;
  email: string;
  phone: string;
  pickupLocation: string;
  rname: string;
  remail: string;
  rphone: string;
  destination: string;
  description: string;
  quantity: number;
  weight: number;
  dimensionUnit: DimensionUnit;
  length: number;
  width: number;
  height: number;
  /** Display-size image URLs. */
  packageImages: string[];
  /** Thumbnail URLs, in the same order as packageImages. */
  packageThumbnails: string[];
  locationUpdates: LocationUpdateView[];
  estimatedDelivery: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The public tracking answer: no names, e-mails, phones or addresses. */
export interface TrackResult {
  trackingNumber: string;
  trackingCode: string;
  status: string;
  estimatedDelivery: string | null;
  locationUpdates: { location: string; timestamp: string }[];
}

/** `{ message }` of every error answer; `errors` maps a field to its message on validation failures. */
export interface ApiErrorBody {
  message: string;
  errors?: Record<string, string>;
}
