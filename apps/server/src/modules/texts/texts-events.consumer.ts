import { OUT_FOR_DELIVERY_STATUS, RETURNING_STATUS, renderText, type TextKind, textSendableAt } from '@waybill/domain';
import { countryOfPhone, toE164 } from '@waybill/domain/phone-numbers';
import type { Config } from '../../config.ts';
import type { EventConsumer, PackageEvent } from '../events/events.service.ts';
import { findPackageRow } from '../packages/package-reads.service.ts';
import { getTextRules } from './text-settings.service.ts';
import { confirmedTextNumbers, shipperTextChannel } from './text-subscriptions.repository.ts';
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

/** Who a package's text goes to, on which channel. */
interface Recipient {
  phone: string;
  channel: 'sms' | 'whatsapp';
}

/**
 * The journey's texts, from the package events (registered only with SMS_PROVIDER): out for delivery,
 * a failed attempt with its reason, delivered, returning to sender. They go to the receiver, to the
 * shipper who ticked "Text me updates" on the ship form (on the channel chosen; SMS when WhatsApp is no
 * longer offered) and to the numbers confirmed on the tracking page. A phone is read as typed, in the
 * region of the company's phone when it has no +code; a number that cannot take texts (invalid, a
 * fixed line) or that replied STOP gets none, and a number gets one text per package and event however
 * many of them it is. The texts are queued here, in the event's transaction; the text sender sends them.
 * A kind the admin switched off is not queued (nor recorded); a text made in quiet hours is queued for
 * their end.
 */
export function textEventConsumer(config: Pick<Config, 'publicUrl' | 'company' | 'texts'>): EventConsumer {
  const region = countryOfPhone(config.company.phone);
  const whatsapp = config.texts?.provider === 'twilio' && config.texts.whatsappFrom !== undefined;
  return {
    name: 'texts',
    skips: (event) => plannedText(event) === undefined,
    async handle(tx, event) {
      const planned = plannedText(event);
      if (!planned) return;
      const rules = await getTextRules(tx);
      if (rules.kindsOff.has(planned.kind)) return;
      const pkg = await findPackageRow(tx, event.packageId);
      if (!pkg) return;
      const shipperChannel = await shipperTextChannel(tx, pkg.id);
      const recipients: Recipient[] = [
        { phone: pkg.receiverPhone, channel: 'sms' },
        ...(shipperChannel
          ? [{ phone: pkg.phone, channel: shipperChannel === 'whatsapp' && whatsapp ? 'whatsapp' : 'sms' } as const]
          : []),
        ...(await confirmedTextNumbers(tx, pkg.id)).map((phone) => ({ phone, channel: 'sms' }) as const),
      ];
      const body = renderText(planned.kind, {
        companyName: config.company.name,
        link: `${config.publicUrl}/t/${pkg.trackingCode}`,
        ...(planned.reason !== undefined && { reason: planned.reason }),
      });
      for (const { phone, channel } of recipients) {
        const number = toE164(phone, region);
        if (!number?.canText || (await isOptedOut(tx, number.e164))) continue;
        await insertText(tx, {
          packageId: pkg.id,
          kind: planned.kind,
          eventKey: planned.eventKey,
          number: number.e164,
          channel,
          body,
          nextAttemptAt: textSendableAt(new Date(), rules.quiet),
        });
      }
    },
  };
}
