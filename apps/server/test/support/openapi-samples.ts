// A valid call of every operation the API description lists, for plugins/openapi.test.ts: what each
// sends and the status it must answer, in the order they run.

import { accountShipmentBody, MEMBER_PASSWORD } from './accounts.ts';
import { imageBytes, packageFields, packageForm } from './factories.ts';
import type { AnyBody } from './http-client.ts';
import { importCsv, importRow } from './import-files.ts';
import { TEST_ADMIN } from './test-app.ts';

/** The rows the samples name: made before the calls, or by an earlier call of the table. */
export interface State {
  acceptedCode: string;
  pendingCode: string;
  rejectCode: string;
  deleteCode: string;
  bulkCode: string;
  locationTimestamp?: string;
  planId?: string;
  detailsId?: string;
  inboxId?: string;
  operatorId?: string;
  /** An invited driver, and the run made for them. */
  driverId?: string;
  runId?: string;
  /** The token of an invitation e-mailed before the calls. */
  inviteToken?: string;
  /** The owner of a business account approved before the calls (the portal's operations are theirs). */
  memberEmail: string;
  accountRequestId?: string;
  accountCode?: string;
  accountMemberId?: string;
  importId?: string;
  apiKeyId?: string;
  webhookId?: string;
}

export interface Sample {
  params?: Record<string, string>;
  query?: string;
  json?: unknown;
  form?: FormData;
  status: number;
  keep?: (body: AnyBody, state: State) => void;
}

const plan = {
  name1: 'Basic Shipping',
  name2: 'Express Shipping',
  name3: 'Same Day Rush',
  price1: 10,
  price2: 25,
  price3: 60,
  description1: '3-5 business days',
};
const details = { phone: '+1 555 0100', email: 'desk@waybill.example', watsapp: '', address: ['100 Harbor Way'] };
const email = (state: State) => ({
  to: 'customer@example.com',
  subject: 'Your parcel',
  templateType: 'package',
  trackingCode: state.acceptedCode,
  shipperName: 'Ada',
  customMessage: 'On its way',
});

/**
 * A valid call of every operation, in the order they run (later ones use what earlier ones made).
 * An operation added to the API fails the test until it has a line here.
 */
export const SAMPLES: Record<string, (state: State) => Sample | Promise<Sample>> = {
  getHealth: () => ({ status: 200 }),
  getHealthReady: () => ({ status: 200 }),
  postAuthLogin: () => ({ json: TEST_ADMIN, status: 200 }),
  postAuthLogout: () => ({ status: 200 }),
  getAuthMe: () => ({ status: 200 }),
  getAuthSession: () => ({ status: 200 }),
  getTrackByCode: (state) => ({ params: { code: state.acceptedCode }, status: 200 }),
  postTrackByCodeSubscriptions: (state) => ({
    params: { code: state.acceptedCode },
    json: { email: 'watcher@example.org' },
    status: 202,
  }),
  // Digits no phone of the samples' packages ends in (theirs end in their sequence number).
  postTrackByCodeVerify: (state) => ({
    params: { code: state.acceptedCode },
    json: { phoneLast4: '0000' },
    status: 403,
  }),
  // Without the check's cookie: refused.
  getTrackByCodeCheck: (state) => ({ params: { code: state.acceptedCode }, status: 200 }),
  getTrackByCodePreferences: (state) => ({ params: { code: state.acceptedCode }, status: 401 }),
  putTrackByCodePreferences: (state) => ({ params: { code: state.acceptedCode }, json: {}, status: 401 }),
  getSubscriptionsConfirm: () => ({ query: `?token=${'A'.repeat(43)}`, status: 404 }),
  postSubscriptionsConfirm: () => ({ query: `?token=${'A'.repeat(43)}`, status: 404 }),
  getSubscriptionsUnsubscribe: () => ({ query: `?token=${'A'.repeat(43)}`, status: 404 }),
  postSubscriptionsUnsubscribe: () => ({ query: `?token=${'A'.repeat(43)}`, status: 404 }),
  postSubmitPackage: async () => ({
    form: packageForm(packageFields(), [{ name: 'box.png', data: await imageBytes() }]),
    status: 201,
  }),
  getAdminPackages: () => ({ query: '?page=1&pageSize=1', status: 200 }),
  getAdminPackageStats: () => ({ status: 200 }),
  getAdminPackagesByTrackingCode: (state) => ({ params: { trackingCode: state.acceptedCode }, status: 200 }),
  postAdminAccept: (state) => ({ json: { trackingCode: state.pendingCode }, status: 200 }),
  postAdminReject: (state) => ({ json: { trackingCode: state.rejectCode }, status: 200 }),
  postAdminUpdateStatus: (state) => ({ json: { trackingCode: state.acceptedCode, status: 'Shipped' }, status: 200 }),
  postAdminLocationUpdate: (state) => ({
    json: { trackingCode: state.acceptedCode, location: 'Oakland depot' },
    status: 201,
    keep: (body, s) => {
      s.locationTimestamp = body.locationUpdates.find(
        (update: { location: string }) => update.location === 'Oakland depot',
      ).timestamp;
    },
  }),
  deleteAdminLocationUpdate: (state) => ({
    json: { trackingCode: state.acceptedCode, timestamp: state.locationTimestamp },
    status: 200,
  }),
  deleteAdminPackagesByTrackingCode: (state) => ({ params: { trackingCode: state.deleteCode }, status: 200 }),
  getAdminPackagesByTrackingCodePreferences: (state) => ({ params: { trackingCode: state.acceptedCode }, status: 200 }),
  getAdminPackagesByTrackingCodeLabel: (state) => ({ params: { trackingCode: state.acceptedCode }, status: 200 }),
  postAdminProofOfDelivery: async (state) => {
    const form = new FormData();
    form.append('trackingCode', state.acceptedCode!);
    form.append('receivedBy', 'Kofi Mensah');
    form.append('photo', new Blob([new Uint8Array(await imageBytes())]), 'photo.png');
    return { form, status: 200 };
  },
  getAdminPackagesByTrackingCodeProof: (state) => ({ params: { trackingCode: state.acceptedCode }, status: 200 }),
  getAdminPackagesByTrackingCodeProofByKind: (state) => ({
    params: { trackingCode: state.acceptedCode, kind: 'photo' },
    status: 200,
  }),
  getAdminPackagesByTrackingCodeRoad: (state) => ({ params: { trackingCode: state.acceptedCode }, status: 200 }),
  // No driver's attempt on this package: the documented 404.
  getAdminPackagesByTrackingCodeRoadByIdByKind: (state) => ({
    params: { trackingCode: state.acceptedCode, id: '00000000-0000-4000-8000-000000000000', kind: 'photo' },
    status: 404,
  }),
  postAdminLabels: (state) => ({ json: { trackingCodes: [state.acceptedCode], size: 'a4' }, status: 200 }),
  postAdminBulk: (state) => ({
    json: { action: 'accept', trackingCodes: [state.bulkCode, 'NOPE22222222'] },
    status: 200,
  }),
  getAdminPackagesCsv: (state) => ({ query: `?status=Pending&codes=${state.acceptedCode}`, status: 200 }),
  getAdminAudit: () => ({ query: '?page=1&pageSize=5&action=package.accepted', status: 200 }),
  getAdminPackagesByTrackingCodeHistory: (state) => ({ params: { trackingCode: state.acceptedCode }, status: 200 }),
  getPlans: () => ({ status: 200 }),
  postCreatePlan: () => ({ json: plan, status: 201, keep: (body, s) => (s.planId = body._id) }),
  putEditPlanById: (state) => ({ params: { id: state.planId! }, json: { ...plan, price1: 12 }, status: 200 }),
  getCompany: () => ({ status: 200 }),
  postDetails: () => ({ json: details, status: 201, keep: (body, s) => (s.detailsId = body._id) }),
  getDetails: () => ({ status: 200 }),
  putDetailsById: (state) => ({
    params: { id: state.detailsId! },
    json: { ...details, phone: '+1 555 0199' },
    status: 200,
  }),
  postConsoleShortcut: () => ({ json: { name: 'someone', code: 'not the code' }, status: 200 }),
  postSendEmail: (state) => ({ json: email(state), status: 200 }),
  postAdminEmailPreview: (state) => ({ json: email(state), status: 200 }),
  getAdminMailLog: () => ({ query: '?page=1&pageSize=5', status: 200 }),
  getAdminNotificationSettings: () => ({ status: 200 }),
  putAdminNotificationSettings: () => ({ json: { notifyCustomers: false }, status: 200 }),
  getAdminAttentionSettings: () => ({ status: 200 }),
  putAdminAttentionSettings: () => ({ json: { pendingHours: 24, staleHours: 48, lateHours: 0 }, status: 200 }),
  postSupportRequests: () => ({
    json: {
      name: 'Ada Support',
      email: 'ada.support@example.com',
      subject: 'Parcel is late',
      category: 'tracking',
      priority: 'high',
      message: 'My parcel has not moved for three days.',
    },
    status: 201,
    keep: (body, s) => (s.inboxId = body.id),
  }),
  postContactMessages: () => ({
    json: { name: 'Grace', email: 'grace@example.org', message: 'Do you collect on Saturdays?' },
    status: 201,
  }),
  postAccountRequests: () => ({
    json: {
      name: 'Obi Account',
      email: 'obi@example.com',
      phone: '+234 801 000 0000',
      address: '12 Marina',
      company: 'Obi Logistics',
      city: 'Lagos',
      country: 'Nigeria',
      password: 'correct horse battery staple',
    },
    status: 201,
    keep: (body, s) => (s.accountRequestId = body.id),
  }),
  getAdminInbox: () => ({ query: '?page=1&pageSize=2&kind=support&state=new', status: 200 }),
  patchAdminInboxById: (state) => ({ params: { id: state.inboxId! }, json: { state: 'handled' }, status: 200 }),
  getAdminInboxStats: () => ({ status: 200 }),
  postAdminInboxByIdApprove: (state) => ({ params: { id: state.accountRequestId! }, status: 200 }),
  // A request approved already can still be closed as declined: it is only marked handled.
  postAdminInboxByIdDecline: (state) => ({ params: { id: state.accountRequestId! }, status: 200 }),
  postAccountSignIn: (state) => ({ json: { email: state.memberEmail, password: MEMBER_PASSWORD }, status: 200 }),
  postAccountSignOut: () => ({ status: 200 }),
  // A link that was never sent.
  postAccountSetPassword: () => ({ json: { token: 'A'.repeat(43), password: MEMBER_PASSWORD }, status: 400 }),
  getAccountMe: () => ({ status: 200 }),
  getAccountSession: () => ({ status: 200 }),
  postAccountShipments: () => ({
    json: accountShipmentBody(),
    status: 201,
    keep: (body, s) => (s.accountCode = body.trackingCode),
  }),
  getAccountShipments: () => ({ query: '?page=1&pageSize=5&status=Pending', status: 200 }),
  getAccountShipmentsByCode: (state) => ({ params: { code: state.accountCode! }, status: 200 }),
  // Pending until the courier accepts it: no label yet.
  getAccountShipmentsByCodeLabel: (state) => ({ params: { code: state.accountCode! }, status: 409 }),
  getAccountImportsTemplateCsv: () => ({ status: 200 }),
  postAccountImports: () => {
    const form = new FormData();
    form.append('file', new Blob([importCsv([importRow(1), importRow(2)])], { type: 'text/csv' }), 'shipments.csv');
    return { form, status: 201, keep: (body, s) => (s.importId = body.id) };
  },
  // Its shipments are Pending until the courier accepts them: no label yet.
  getAccountImportsByIdLabels: (state) => ({ params: { id: state.importId! }, status: 409 }),
  getAccountMembers: () => ({ status: 200 }),
  postAccountMembers: () => ({
    json: { email: 'colleague@example.com', name: 'Cole League', role: 'member' },
    status: 201,
    keep: (body, s) => (s.accountMemberId = body.id),
  }),
  deleteAccountMembersById: (state) => ({ params: { id: state.accountMemberId! }, status: 200 }),
  getAccountApiKeys: () => ({ status: 200 }),
  postAccountApiKeys: () => ({ json: { name: 'Shop' }, status: 201, keep: (body, s) => (s.apiKeyId = body.id) }),
  deleteAccountApiKeysById: (state) => ({ params: { id: state.apiKeyId! }, status: 200 }),
  // A public address written as one, so registering it asks no name server.
  postAccountWebhooks: () => ({
    json: { url: 'https://93.184.215.14/waybill', description: 'Shop', events: ['shipment.delivered'] },
    status: 201,
    keep: (body, s) => (s.webhookId = body.id),
  }),
  getAccountWebhooks: () => ({ status: 200 }),
  patchAccountWebhooksById: (state) => ({
    params: { id: state.webhookId! },
    json: { events: ['shipment.delivered', 'shipment.accepted'] },
    status: 200,
  }),
  postAccountWebhooksByIdRotateSecret: (state) => ({ params: { id: state.webhookId! }, status: 200 }),
  getAccountWebhooksByIdDeliveries: (state) => ({ params: { id: state.webhookId! }, status: 200 }),
  // No event of the account's shipments has reached the endpoint: the delivery is not found.
  postAccountWebhooksByIdDeliveriesByDeliveryIdResend: (state) => ({
    params: { id: state.webhookId!, deliveryId: '00000000-0000-4000-8000-000000000000' },
    status: 404,
  }),
  deleteAccountWebhooksById: (state) => ({ params: { id: state.webhookId! }, status: 200 }),
  getAdminOperators: () => ({ status: 200 }),
  postAdminOperators: () => ({
    json: { email: 'sample.operator@waybill.test', name: 'Sam Ple', role: 'operator' },
    status: 201,
    keep: (body, s) => (s.operatorId = body.id),
  }),
  patchAdminOperatorsById: (state) => ({ params: { id: state.operatorId! }, json: { role: 'admin' }, status: 200 }),
  postAdminOperatorsByIdResetPassword: (state) => ({ params: { id: state.operatorId! }, status: 200 }),
  postAuthAcceptInvite: (state) => ({
    json: { token: state.inviteToken, name: 'Ina Vited', password: 'Lantern-Quietly-Orbit-47' },
    status: 200,
  }),
  getAdminRuns: () => ({ query: '?date=2026-12-01', status: 200 }),
  postAdminRuns: (state) => ({
    json: { driverId: state.driverId, date: '2026-12-01' },
    status: 201,
    keep: (body, s) => (s.runId = body.id),
  }),
  getAdminRunsUnassigned: () => ({ query: '?date=2026-12-01&page=1&pageSize=5', status: 200 }),
  // After the bulk accept: the bulk's package is Order Placed, so it can go out.
  putAdminRunsByIdStops: (state) => ({
    params: { id: state.runId! },
    json: { trackingCodes: [state.bulkCode] },
    status: 200,
  }),
  getAdminRunsById: (state) => ({ params: { id: state.runId! }, status: 200 }),
  getAdminRunsDrivers: () => ({ status: 200 }),
  getAdminRunsByIdSheetPdf: (state) => ({ params: { id: state.runId! }, status: 200 }),
  patchAdminRunsById: (state) => ({ params: { id: state.runId! }, json: { date: '2026-12-02' }, status: 200 }),
  deleteAdminRunsById: (state) => ({ params: { id: state.runId! }, status: 200 }),
  getDriverRun: () => ({ status: 200 }),
  getAdminDeliverySettings: () => ({ status: 200 }),
  putAdminDeliverySettings: () => ({
    json: { depotLocation: 'Harbor depot', maxAttempts: 3, failureReasons: ['Nobody at home'] },
    status: 200,
  }),
  getDriverSettings: () => ({ status: 200 }),
  // Without SMS_PROVIDER: the settings answer (provider null) and the lists are empty.
  getAdminTextSettings: () => ({ status: 200 }),
  putAdminTextSettings: () => ({
    json: {
      timeZone: 'Africa/Accra',
      quietStart: '22:00',
      quietEnd: '06:30',
      kinds: { out_for_delivery: true, attempt_failed: true, delivered: true, returning: false },
    },
    status: 200,
  }),
  getAdminTexts: () => ({ query: '?state=failed&pageSize=5', status: 200 }),
  getAdminPackagesByTrackingCodeTexts: (state) => ({ params: { trackingCode: state.acceptedCode }, status: 200 }),
  // No such event: its success is the driver events' tests' subject.
  putDriverEventsByIdPhoto: async () => {
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(await imageBytes())], { type: 'image/png' }), 'door.png');
    return { params: { id: crypto.randomUUID() }, form, status: 404 };
  },
  // An admin's note about a package on no run: answered 200 with the event refused.
  postDriverEvents: (state) => ({
    json: {
      events: [
        {
          id: crypto.randomUUID(),
          type: 'note',
          trackingCode: state.acceptedCode,
          at: new Date().toISOString(),
          note: 'Gate code 1234',
        },
      ],
    },
    status: 200,
  }),
  // The delivery's rating: without the check's cookie or a link, refused; the console's, answered.
  getTrackByCodeRating: (state) => ({ params: { code: state.acceptedCode }, status: 401 }),
  postTrackByCodeRating: (state) => ({ params: { code: state.acceptedCode }, json: { stars: 5 }, status: 401 }),
  getAdminPackagesByTrackingCodeRating: (state) => ({ params: { trackingCode: state.acceptedCode }, status: 200 }),
  getAdminFeedback: () => ({ query: '?week=2026-11-23', status: 200 }),
  // Last: the signed-in operator's other sessions end.
  postAuthChangePassword: () => ({
    json: { currentPassword: TEST_ADMIN.password, newPassword: 'Harbor-Velvet-Rocket-93' },
    status: 200,
  }),
};
