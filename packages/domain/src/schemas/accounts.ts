import { z } from 'zod';
import { PACKAGE_STATUSES } from '../statuses.ts';
import { trackingCodeSchema } from './admin.ts';
import { requiredEmail, requiredText } from './fields.ts';
import { LABEL_SIZE_MESSAGE, LABEL_SIZES } from './labels.ts';
import { packageDetailsSchema, shipFormAnswerShape } from './package.ts';
import { pageQueryFields } from './paging.ts';
import { linkTokenSchema, newPasswordSchema, operatorNameSchema } from './team.ts';
import { trackResultSchema } from './tracking.ts';

/** A business customer's account: active, or closed (nobody signs in, no key works). */
export const ACCOUNT_STATUSES = ['active', 'closed'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** An owner invites and removes colleagues and manages API keys; a member ships and reads. */
export const ACCOUNT_ROLES = ['owner', 'member'] as const;
export const accountRoleSchema = z.enum(ACCOUNT_ROLES, { error: 'Role must be owner or member' });
export type AccountRole = z.infer<typeof accountRoleSchema>;

/** The name of the account portal's session cookie: never the operators' one. */
export const ACCOUNT_SESSION_COOKIE = 'waybill_account_session';

/** How long the link that lets a member set a password stays usable, as operators' invitations. */
export const ACCOUNT_LINK_HOURS = 72;

export const ACCOUNT_NOT_FOUND = 'Not found';
export const ACCOUNT_OWNER_ONLY = 'Only an owner of the account can do this.';
export const ACCOUNT_EMAIL_TAKEN = 'This e-mail address already belongs to a business account.';
export const ONLY_ACCOUNT_REQUESTS = 'Only an account request can be approved or declined.';
export const REQUEST_ALREADY_APPROVED = 'This account request was already approved.';
export const LAST_OWNER = 'The last owner cannot be removed. Make another member an owner first.';
export const SHIPMENT_NOT_PENDING = 'Only a Pending shipment can be cancelled.';
/** The answer of an approval: where the link went. */
export const accountApprovedMessage = (email: string) =>
  `Account created. A link to set a password was sent to ${email}; it works once, for ${ACCOUNT_LINK_HOURS} hours.`;
export const ACCOUNT_REQUEST_DECLINED = 'Account request declined.';

// --- The console's answer to an account request -------------------------------------------------

/** POST /api/admin/inbox/{id}/approve: the account made from the request, and where its link went. */
export const accountApprovalSchema = z.object({
  message: z.string(),
  accountId: z.string(),
  email: z.string(),
});
export type AccountApproval = z.infer<typeof accountApprovalSchema>;

/** POST /api/admin/inbox/{id}/decline: the request is handled and no account is made. */
export const accountDeclineSchema = z.object({ message: z.string() });

// --- Signing in at /account ---------------------------------------------------------------------

/** The signed-in member and their account (POST /api/account/sign-in, GET /api/account/me). */
export const accountSessionSchema = z
  .object({
    member: z.object({ id: z.string(), email: z.string(), name: z.string(), role: accountRoleSchema }),
    account: z.object({
      id: z.string(),
      company: z.string(),
      address: z.string(),
      city: z.string(),
      country: z.string(),
      contactName: z.string(),
      contactEmail: z.string(),
      contactPhone: z.string(),
    }),
  })
  .meta({ id: 'AccountSession' });
export type AccountSession = z.infer<typeof accountSessionSchema>;

/**
 * GET /api/account/session: whether this browser is signed in to the portal, answered 200 either way
 * (a signed-out visit is not an error); `expired` when the cookie named a session that timed out.
 */
export const accountSessionStateSchema = z.object({ session: accountSessionSchema.nullable(), expired: z.boolean() });
export type AccountSessionState = z.infer<typeof accountSessionStateSchema>;

/** POST /api/account/set-password: the page of an approval or invitation link. */
export const accountSetPasswordSchema = z.object({
  token: linkTokenSchema,
  name: operatorNameSchema.optional(),
  password: newPasswordSchema,
});
export type AccountSetPasswordInput = z.infer<typeof accountSetPasswordSchema>;

// --- The team ----------------------------------------------------------------------------------

/** One person of the account (GET /api/account/members). */
export const accountMemberSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: accountRoleSchema,
    /** True until they have set a password through their link. */
    invitationPending: z.boolean(),
    lastSignInAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'AccountMember' });
export type AccountMember = z.infer<typeof accountMemberSchema>;

/** POST /api/account/members: an owner invites a colleague by e-mail. */
export const inviteAccountMemberSchema = z.object({
  email: requiredEmail('Email is required'),
  name: operatorNameSchema,
  role: accountRoleSchema,
});
export type InviteAccountMemberInput = z.infer<typeof inviteAccountMemberSchema>;

// --- API keys ----------------------------------------------------------------------------------

/** Every key starts so: a scanner that finds one in a repository knows what it is. */
export const API_KEY_PREFIX = 'wb_live_';
/** How many characters of a key the lists show (the prefix and the first characters of its secret). */
export const API_KEY_SHOWN_LENGTH = API_KEY_PREFIX.length + 8;
export const API_KEY_NAME_MAX = 100;

/** POST /api/account/api-keys. */
export const createApiKeySchema = z.object({ name: requiredText('Name is required', API_KEY_NAME_MAX) });
export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

/** One key as lists show it: never the key itself. */
export const apiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().describe('The first characters of the key, to tell keys apart'),
    createdAt: z.iso.datetime(),
    lastUsedAt: z.iso.datetime().nullable(),
    revokedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The 201 answer of POST /api/account/api-keys: the only time the whole key is shown. */
export const createdApiKeySchema = apiKeySchema.extend({
  key: z.string().describe('The whole key (wb_live_…): shown this once, kept only as a hash'),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

// --- Shipments -----------------------------------------------------------------------------------

export const ACCOUNT_SHIPMENTS_PAGE_SIZE = 20;
const statusFilter = z.enum(PACKAGE_STATUSES, { error: 'Unknown status' });

/** GET /api/account/shipments: a page of the account's shipments, newest first. */
export const accountShipmentsQuerySchema = z.object({
  ...pageQueryFields(ACCOUNT_SHIPMENTS_PAGE_SIZE),
  q: z.string().trim().max(200, { error: 'Search must be at most 200 characters' }).optional(),
  status: statusFilter.optional(),
});
export type AccountShipmentsQuery = z.input<typeof accountShipmentsQuerySchema>;

/** One line of the account's list. */
export const accountShipmentSummarySchema = z
  .object({
    trackingCode: z.string(),
    status: z.string(),
    receiverName: z.string(),
    destination: z.string(),
    description: z.string(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'AccountShipmentSummary' });
export type AccountShipmentSummary = z.infer<typeof accountShipmentSummarySchema>;

/** GET /api/account/shipments/{code}: the shipment, its journey and its proof as the public page shows it. */
export const accountShipmentSchema = z
  .object({
    ...shipFormAnswerShape,
    trackingCode: z.string(),
    status: z.string(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    tracking: trackResultSchema,
  })
  .meta({ id: 'AccountShipment' });
export type AccountShipment = z.infer<typeof accountShipmentSchema>;

/** `{code}` of the portal's shipment routes. */
export const accountShipmentParamsSchema = z.object({ code: trackingCodeSchema });

/** GET /api/account/shipments/{code}/label */
export const accountLabelQuerySchema = z.object({
  size: z.enum(LABEL_SIZES, { error: LABEL_SIZE_MESSAGE }).default('4x6'),
});

/**
 * POST /api/account/shipments: the ship form's fields but the sender's, which are the account's
 * (company, contact e-mail and phone); the pickup location is the account's address unless given.
 */
export const accountShipInputSchema = packageDetailsSchema
  .omit({ name: true, email: true, phone: true })
  .extend({ pickupLocation: packageDetailsSchema.shape.pickupLocation.optional() });
export type AccountShipInput = z.infer<typeof accountShipInputSchema>;

/** The 201 answer of POST /api/account/shipments. */
export const accountShippedSchema = z.object({ trackingCode: z.string(), status: z.string() });
