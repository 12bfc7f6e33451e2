/**
 * What can happen to a package that someone outside may hear about. A change to Delivered records
 * `package.status_changed` and `package.delivered`: one for those who follow every status, one for
 * those who wait only for the delivery. A driver's failed delivery attempt likewise records
 * `package.location_added` (marked `attempt`) and `package.delivery_attempted`, and, on the last attempt
 * allowed, `package.status_changed` to Returning to sender (marked `byAttempt`).
 */
export const PACKAGE_EVENT_TYPES = [
  'package.submitted',
  'package.accepted',
  'package.rejected',
  'package.status_changed',
  'package.location_added',
  'package.delivery_attempted',
  'package.delivered',
  'package.deleted',
  'package.preferences_changed',
] as const;
export type PackageEventType = (typeof PACKAGE_EVENT_TYPES)[number];

/** Who made the change, without the e-mail or address the audit trail keeps. */
export type EventActor =
  | { kind: 'operator'; id: string }
  | { kind: 'customer' }
  | { kind: 'system' }
  | { kind: 'command-line' };

/** Who made the change as the services know it (an audit actor fits): only its kind and id are kept. */
export type ChangeActor = EventActor | { kind: 'operator'; id: string; [detail: string]: unknown };

export const eventActorOf = (actor: ChangeActor): EventActor =>
  actor.kind === 'operator' ? { kind: 'operator', id: actor.id } : { kind: actor.kind };

/** What each event says of its change: only what its consumers need, and no address or name. */
export interface PackageEventPayloads {
  'package.submitted': Record<string, never>;
  'package.accepted': { estimatedDelivery: string | null };
  'package.rejected': Record<string, never>;
  /**
   * `since`: when the package took the status it left (two changes made at once from one state are one).
   * `byAttempt`: made by a failed delivery attempt (its `package.delivery_attempted` tells it too).
   */
  'package.status_changed': { from: string; to: string; since: string; byAttempt?: true };
  /** `attempt`: the update is a failed delivery attempt (its `package.delivery_attempted` tells it too). */
  'package.location_added': { location: string; updateId: string; attempt?: true };
  /**
   * A driver could not deliver: the location update it added, when it happened on the road, the reason,
   * and whether it was the last attempt allowed (the package is now being returned to its sender).
   */
  'package.delivery_attempted': { updateId: string; at: string; reason: string; returning: boolean };
  'package.delivered': Record<string, never>;
  'package.deleted': Record<string, never>;
  /** The recipient or the sender, checked on the tracking page, changed how it is delivered (record 49). */
  /** `deliveryDay`: the package's new estimated delivery day (YYYY-MM-DD) when another day was chosen or undone. */
  'package.preferences_changed': { by: 'recipient' | 'shipper'; at: string; deliveryDay?: string };
}

/** An event as it is recorded: the change's transaction gives it its id and time. */
export type NewPackageEvent = {
  [Type in PackageEventType]: {
    type: Type;
    packageId: string;
    trackingCode: string;
    actor: ChangeActor;
    payload: PackageEventPayloads[Type];
  };
}[PackageEventType];

/** An event as a consumer reads it. */
export type PackageEvent = {
  [Type in PackageEventType]: {
    id: number;
    type: Type;
    packageId: string;
    trackingCode: string;
    actor: EventActor;
    payload: PackageEventPayloads[Type];
    occurredAt: Date;
  };
}[PackageEventType];
