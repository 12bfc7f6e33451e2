import type { TextChannel } from '@waybill/domain';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { saveShipperTexts } from './text-subscriptions.repository.ts';

/** The shipper's choice on the ship form, checked: the channel their texts will go by, or why none can. */
export type ShipperTextsCheck = (
  phone: string,
  wanted: TextChannel,
) => Promise<{ channel: TextChannel } | { problem: string }>;

/**
 * The ship form's "Text me updates", only with SMS_PROVIDER (the phone-number metadata loads at the
 * first check): the shipper's phone, read in the region of the company's phone when it has no +code,
 * must take texts; WhatsApp asked while it is not offered goes by SMS.
 */
export function shipperTextsCheck(config: Pick<Config, 'company' | 'texts'>): ShipperTextsCheck | undefined {
  const texts = config.texts;
  if (!texts) return undefined;
  const whatsapp = texts.provider === 'twilio' && texts.whatsappFrom !== undefined;
  return async (phone, wanted) => {
    const { countryOfPhone, textNumberProblem } = await import('@waybill/domain/phone-numbers');
    const problem = textNumberProblem(phone, countryOfPhone(config.company.phone));
    if (problem) return { problem };
    return { channel: wanted === 'whatsapp' && whatsapp ? 'whatsapp' : 'sms' };
  };
}

/** Stores the shipper's channel in the package's own transaction. */
export const storeShipperTexts = (channel: TextChannel) => (tx: Database, pkg: { id: string }) =>
  saveShipperTexts(tx, pkg.id, channel);
