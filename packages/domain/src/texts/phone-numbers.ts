import { type CountryCode, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { ACCOUNT_COUNTRIES } from '../constants.ts';
import { CANNOT_TEXT_NUMBER } from '../schemas/messages.ts';

export type TextCountry = (typeof ACCOUNT_COUNTRIES)[number];

/** SPEC's countries and their ISO codes: the default region of a number typed without its +code. */
export const COUNTRY_REGIONS: Record<TextCountry, CountryCode> = {
  Nigeria: 'NG',
  Ghana: 'GH',
  Kenya: 'KE',
  'United Kingdom': 'GB',
  'United States': 'US',
};

export interface TextNumber {
  /** The number in E.164: +234…, as providers take it. */
  e164: string;
  /** A mobile number, or one that may be (the United States' numbers do not tell): it can receive texts. */
  canText: boolean;
}

/** Longer input is no phone number: checked before the parser sees it. */
const MAX_PHONE_INPUT = 40;

/**
 * A phone number as a person typed it (spaces, dashes, brackets, a leading 0 or +code) in E.164, with
 * `country` (one of SPEC's) as the region of a number without its +code; undefined when it is no valid
 * number. Whether it can receive texts is told apart: a fixed line cannot.
 */
export function toE164(phone: string, country?: TextCountry): TextNumber | undefined {
  if (phone.length > MAX_PHONE_INPUT) return undefined;
  const region = country === undefined ? undefined : COUNTRY_REGIONS[country];
  const parsed = parsePhoneNumberFromString(phone.trim(), region === undefined ? {} : { defaultCountry: region });
  if (!parsed?.isValid()) return undefined;
  const type = parsed.getType();
  return { e164: parsed.number, canText: type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE' };
}

/** The SPEC country of a number in international form (+234…) by its calling code (+1: the United States). */
export function countryOfPhone(phone: string): TextCountry | undefined {
  if (phone.length > MAX_PHONE_INPUT) return undefined;
  const calling = parsePhoneNumberFromString(phone.trim())?.countryCallingCode;
  return (Object.keys(COUNTRY_REGIONS) as TextCountry[]).find(
    (country) => getCountryCallingCode(COUNTRY_REGIONS[country]) === calling,
  );
}

/**
 * Whether a phone can take the texts a person asked for: undefined when it can, else the form's
 * message (a number that is no valid number, or a fixed line, gets no text).
 */
export function textNumberProblem(phone: string, country?: TextCountry): string | undefined {
  return toE164(phone, country)?.canText ? undefined : CANNOT_TEXT_NUMBER;
}

/** A number in E.164 as people read it: +234 803 123 4567. */
export function formatInternational(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
