import { OUT_FOR_DELIVERY_STATUS, RETURNING_STATUS, renderText, type TextKind, textSendableAt } from '@waybill/domain';
import { countryOfPhone, toE164 } from '@waybill/domain/phone-numbers';
import type { Config } from '../../config.ts';
import type { EventConsumer, PackageEvent } from '../events/events.service.ts';
import { findPackageRow } from '../packages/package-reads.service.ts';
import { getTextRules } from './text-settings.service.ts';
import { insertText, isOptedOut } from './texts.repository.ts';

interface PlannedText {
  kind: TextKind;
  /** One text per package, event key and number: a second run out or a second attempt has its own. */
  eventKey: string;
  reason?: string;
}

/** The receiver's text an event calls for, if any. */
export function plannedText(event: PackageEvent): PlannedText | undefined {
  switch (event.type) {
    case 'package.status_changed': {
      const { to, since, byAttempt } = event.payload;
      if (to === OUT_FOR_DELIVERY_STATUS) return { kind: 'out_for_delivery', eventKey: `out_for_delivery:${since}` };
      // A last failed attempt tells it (with the reason) through its package.delivery_attempted.
      if (to === RETURNING_STATUS && !byAttempt) return { kind: 'returning', eventKey: 'returning' };
      return undefined;
    }
    case 'package.delivery_attempted': {
      const { updateId, reason, returning } = event.payload;
      return returning
        ? { kind: 'returning', eventKey: 'returning', reason }
        : { kind: 'attempt_failed', eventKey: `attempt_failed:${updateId}`, reason };
    }
    case 'package.delivered':
      return { kind: 'delivered', eventKey: 'delivered' };
    default:
      return undefined;
  }
}

/**
 * The receiver's texts, from the package events (registered only with SMS_PROVIDER): out for delivery,
 * a failed attempt with its reason, delivered, returning to sender. The receiver's phone is read as
 * typed, in the region of the company's phone when it has no +code; a number that cannot take texts
 * (invalid, a fixed line) or that replied STOP gets none. The text is queued here, in the event's
 * transaction; the text sender sends it. A kind the admin switched off is not queued (nor recorded); a
 * text made in quiet hours is queued for their end.
 */
export function textEventConsumer(config: Pick<Config, 'publicUrl' | 'company'>): EventConsumer {
  const region = countryOfPhone(config.company.phone);
  return {
    name: 'texts',
    async handle(tx, event) {
      const planned = plannedText(event);
      if (!planned) return;
      const rules = await getTextRules(tx);
      if (rules.kindsOff.has(planned.kind)) return;
      const pkg = await findPackageRow(tx, event.packageId);
      if (!pkg) return;
      const number = toE164(pkg.receiverPhone, region);
      if (!number?.canText || (await isOptedOut(tx, number.e164))) return;
      const body = renderText(planned.kind, {
        companyName: config.company.name,
        link: `${config.publicUrl}/t/${pkg.trackingCode}`,
        ...(planned.reason !== undefined && { reason: planned.reason }),
      });
      await insertText(tx, {
        packageId: pkg.id,
        kind: planned.kind,
        eventKey: planned.eventKey,
        number: number.e164,
        channel: 'sms',
        body,
        nextAttemptAt: textSendableAt(new Date(), rules.quiet),
      });
    },
  };
}
