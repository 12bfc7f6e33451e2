import { GSM7_SEGMENT, gsm7Length, toGsm7Text } from './gsm7.ts';

/**
 * The texts a package's journey sends its receiver (and the shipper and subscribers who asked), the answer
 * to HELP, and the code that confirms a number for a package's text updates. Each is one GSM-7 segment
 * (160 septets) with the company's name, the short link PUBLIC_URL/t/CODE and how to opt out.
 */
export const TEXT_KINDS = [
  'out_for_delivery',
  'attempt_failed',
  'delivered',
  'returning',
  'help',
  'updates_code',
] as const;
export type TextKind = (typeof TEXT_KINDS)[number];

/** The company's name in a text is cut to this many septets (and further if the rest needs the room). */
export const TEXT_COMPANY_NAME_MAX = 30;
const OPT_OUT = 'Reply STOP to opt out';
const ELLIPSIS = '...';

export interface TextValues {
  companyName: string;
  /** PUBLIC_URL/t/CODE. */
  link: string;
  /** Why a delivery attempt failed (or the package is returning): the admin's list, or a driver's words. */
  reason?: string;
  /** The company's phone (HELP's answer). */
  companyPhone?: string;
  /** The 6-digit code of a text subscription (updates_code). */
  code?: string;
}

const septets = (text: string) => gsm7Length(text) ?? Number.POSITIVE_INFINITY;

/** A GSM-7 text cut to at most `max` septets, at a word when one ends near, with "..." when cut. */
export function cutToSeptets(text: string, max: number): string {
  if (septets(text) <= max) return text;
  if (max <= ELLIPSIS.length) return '';
  let out = '';
  for (const character of text) {
    if (septets(out + character) > max - ELLIPSIS.length) break;
    out += character;
  }
  const space = out.lastIndexOf(' ');
  const cut = space >= out.length - 8 && space > 0 ? out.slice(0, space) : out;
  return `${cut.trimEnd()}${ELLIPSIS}`;
}

function compose(kind: TextKind, name: string, link: string, reason: string, phone: string, code: string): string {
  switch (kind) {
    case 'out_for_delivery':
      return `${name}: your parcel is out for delivery today. Track: ${link} ${OPT_OUT}`;
    case 'attempt_failed':
      return `${name}: delivery failed${reason ? `: ${reason}` : ' today'}. ${link} ${OPT_OUT}`;
    case 'delivered':
      return `${name}: your parcel has been delivered. Details: ${link} ${OPT_OUT}`;
    case 'returning':
      return `${name}: parcel returning to sender${reason ? `: ${reason}` : ''}. ${link} ${OPT_OUT}`;
    case 'help':
      return `${name}: for help call ${phone}. ${OPT_OUT}, START to opt back in.`;
    case 'updates_code':
      return `${name}: ${code} is your code for text updates, valid 10 minutes. ${link} ${OPT_OUT}`;
  }
}

/**
 * A text's body. Names and reasons are made GSM-7 first (`toGsm7Text`: emoji, RTL marks and control
 * characters go), so no one's input turns the text into UCS-2 or breaks its line. The reason, then the
 * company's name, give way when the text would pass one segment; only a PUBLIC_URL over about 90
 * characters could still make it two.
 */
export function renderText(kind: TextKind, values: TextValues): string {
  const name = cutToSeptets(toGsm7Text(values.companyName), TEXT_COMPANY_NAME_MAX) || 'Waybill';
  const reason = toGsm7Text(values.reason ?? '');
  const phone = toGsm7Text(values.companyPhone ?? '');
  const link = toGsm7Text(values.link);
  const code = toGsm7Text(values.code ?? '');
  const full = compose(kind, name, link, reason, phone, code);
  if (septets(full) <= GSM7_SEGMENT) return full;
  const room = (text: string) => GSM7_SEGMENT - septets(text);
  const shortReason = cutToSeptets(reason, room(compose(kind, name, link, '', phone, code)) - 2);
  const withShortReason = compose(kind, name, link, shortReason, phone, code);
  if (septets(withShortReason) <= GSM7_SEGMENT) return withShortReason;
  const shortName = cutToSeptets(name, name.length + room(withShortReason)) || name.slice(0, 1);
  return compose(kind, shortName, link, shortReason, phone, code);
}
