import type { TextChannel } from '@waybill/domain';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { saveShipperTexts } from './text-subscriptions.repository.ts';

/**
 * The shipper's choice on the ship form, checked: the channel their texts will go by, with what stores
 * it in the package's own transaction, or why their phone cannot take texts.
 */
export type ShipperTextsCheck = (
  phone: string,
  wanted: TextChannel,
) => Promise<
  { channel: TextChannel; store: (tx: Database, pkg: { id: string }) => Promise<void> } | { problem: string }
>;

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
    const channel: TextChannel = wanted === 'whatsapp' && whatsapp ? 'whatsapp' : 'sms';
    return { channel, store: (tx, pkg) => saveShipperTexts(tx, pkg.id, channel) };
  };
}
