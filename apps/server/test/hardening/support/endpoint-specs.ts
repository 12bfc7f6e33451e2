/** What a field holds, so a generator knows which values are wrong for it. */
export type FieldKind =
  | { kind: 'text'; required: boolean; max: number }
  | { kind: 'email'; required: boolean; max: number }
  | { kind: 'number'; min: number; max: number; int?: boolean; maxDecimals?: number }
  | { kind: 'boolean' }
  | { kind: 'timestamp' }
  | { kind: 'lines'; maxLines: number; maxLength: number };

/** Ids of the rows seeded before a suite runs, so a payload can name real ones. */
export interface SeededContext {
  pendingCode: string;
  acceptedCode: string;
  locationTimestamp: string;
  planId: string;
  detailsId: string;
}

/** A JSON endpoint: how to call it with a valid body, and the kind of each field it reads. */
export interface EndpointSpec {
  method: string;
  path: (ctx: SeededContext) => string;
  operator: boolean;
  valid: (ctx: SeededContext) => Record<string, unknown>;
  fields: Record<string, FieldKind>;
}

const text = (max: number, required = true): FieldKind => ({ kind: 'text', required, max });
const code: FieldKind = text(64);
const plan = {
  name1: text(100),
  name2: text(100),
  name3: text(100),
  price1: { kind: 'number', min: 0, max: 1_000_000, maxDecimals: 2 },
  price2: { kind: 'number', min: 0, max: 1_000_000, maxDecimals: 2 },
  price3: { kind: 'number', min: 0, max: 1_000_000, maxDecimals: 2 },
  description1: text(1000, false),
  description2: text(1000, false),
  description3: text(1000, false),
} satisfies Record<string, FieldKind>;
const validPlan = {
  name1: 'Basic Shipping',
  name2: 'Express Shipping',
  name3: 'Same Day Rush',
  price1: 10,
  price2: 25,
  price3: 60,
  description1: '3-5 business days',
  description2: '1-2 business days',
  description3: 'same day within 6 hours',
};
const details = {
  phone: text(40, false),
  email: { kind: 'email', required: false, max: 254 },
  watsapp: text(500, false),
  address: { kind: 'lines', maxLines: 10, maxLength: 200 },
} satisfies Record<string, FieldKind>;
const validDetails = {
  phone: '+1 555 0100',
  email: 'desk@waybill.example',
  watsapp: 'https://wa.me/15550100',
  address: ['100 Harbor Way'],
};
const email = {
  to: { kind: 'email', required: true, max: 254 },
  subject: text(200),
  shipperName: text(200, false),
  receiverAddress: text(500, false),
  packageDescription: text(5000, false),
  customMessage: text(5000, false),
  customGreeting: text(200, false),
  customSignature: text(500, false),
  imageCount: { kind: 'number', min: 1, max: 10, int: true },
  includeImages: { kind: 'boolean' },
} satisfies Record<string, FieldKind>;
const validEmail = (ctx: SeededContext) => ({
  to: 'customer@example.com',
  subject: 'Your parcel',
  templateType: 'package',
  trackingCode: ctx.acceptedCode,
  shipperName: 'Ada',
  customMessage: 'On its way',
});

/** Every JSON endpoint of the API with a body (multipart submission has its own suite). */
export const ENDPOINT_SPECS: EndpointSpec[] = [
  {
    method: 'POST',
    path: () => '/api/auth/login',
    operator: false,
    valid: () => ({ email: 'nobody@waybill.test', password: 'not the password' }),
    fields: { email: text(254), password: text(1024) },
  },
  {
    method: 'POST',
    path: () => '/api/admin/accept',
    operator: true,
    valid: (ctx) => ({ trackingCode: ctx.pendingCode }),
    fields: { trackingCode: code },
  },
  {
    method: 'POST',
    path: () => '/api/admin/reject',
    operator: true,
    valid: (ctx) => ({ trackingCode: ctx.pendingCode }),
    fields: { trackingCode: code },
  },
  {
    method: 'POST',
    path: () => '/api/admin/update-status',
    operator: true,
    valid: (ctx) => ({ trackingCode: ctx.acceptedCode, status: 'Shipped' }),
    fields: { trackingCode: code, status: text(100) },
  },
  {
    method: 'POST',
    path: () => '/api/admin/location-update',
    operator: true,
    valid: (ctx) => ({ trackingCode: ctx.acceptedCode, location: 'Oakland depot' }),
    fields: { trackingCode: code, location: text(300) },
  },
  {
    method: 'DELETE',
    path: () => '/api/admin/location-update',
    operator: true,
    valid: (ctx) => ({ trackingCode: ctx.acceptedCode, timestamp: ctx.locationTimestamp }),
    fields: { trackingCode: code, timestamp: { kind: 'timestamp' } },
  },
  { method: 'POST', path: () => '/api/create-plan', operator: true, valid: () => validPlan, fields: plan },
  {
    method: 'PUT',
    path: (ctx) => `/api/edit-plan/${ctx.planId}`,
    operator: true,
    valid: () => validPlan,
    fields: plan,
  },
  { method: 'POST', path: () => '/api/details', operator: true, valid: () => validDetails, fields: details },
  {
    method: 'PUT',
    path: (ctx) => `/api/details/${ctx.detailsId}`,
    operator: true,
    valid: () => validDetails,
    fields: details,
  },
  { method: 'POST', path: () => '/api/send-email', operator: true, valid: validEmail, fields: email },
  { method: 'POST', path: () => '/api/admin/email-preview', operator: true, valid: validEmail, fields: email },
  {
    method: 'PUT',
    path: () => '/api/admin/notification-settings',
    operator: true,
    valid: () => ({ notifyCustomers: false }),
    fields: { notifyCustomers: { kind: 'boolean' } },
  },
  {
    method: 'PUT',
    path: () => '/api/admin/attention-settings',
    operator: true,
    valid: () => ({ pendingHours: 24, staleHours: 48, lateHours: 0 }),
    fields: {
      pendingHours: { kind: 'number', min: 1, max: 8760, int: true },
      staleHours: { kind: 'number', min: 1, max: 8760, int: true },
      lateHours: { kind: 'number', min: 0, max: 8760, int: true },
    },
  },
];
