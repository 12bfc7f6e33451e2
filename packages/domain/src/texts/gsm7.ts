/**
 * The GSM 03.38 alphabet of text messages (GSM-7): the basic table, one septet a character, and its
 * extension table, two septets (an escape, then the character). One segment holds 160 septets; a
 * message of several holds 153 in each (the rest carries the join header). A character outside both
 * tables sends the whole message as UCS-2: 70 UTF-16 units in one segment, 67 in each of several.
 */
const GSM7_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM7_EXTENSION = new Set('\f^{}\\[~]|€');

export const GSM7_SEGMENT = 160;
export const GSM7_MULTIPART_SEGMENT = 153;
export const UCS2_SEGMENT = 70;
export const UCS2_MULTIPART_SEGMENT = 67;

export interface SegmentCount {
  encoding: 'GSM-7' | 'UCS-2';
  /** Septets (GSM-7) or UTF-16 units (UCS-2). */
  units: number;
  segments: number;
}

/** Whether a character is in GSM-7's basic or extension table. */
export function isGsm7Character(character: string): boolean {
  return GSM7_BASIC.has(character) || GSM7_EXTENSION.has(character);
}

/** The septets a text takes in GSM-7, or undefined when a character is in neither table. */
export function gsm7Length(text: string): number | undefined {
  let septets = 0;
  for (const character of text) {
    if (GSM7_BASIC.has(character)) septets += 1;
    else if (GSM7_EXTENSION.has(character)) septets += 2;
    else return undefined;
  }
  return septets;
}

/** How a text is encoded and how many segments it is sent in. */
export function countSegments(text: string): SegmentCount {
  const septets = gsm7Length(text);
  if (septets !== undefined) {
    const segments = septets <= GSM7_SEGMENT ? 1 : Math.ceil(septets / GSM7_MULTIPART_SEGMENT);
    return { encoding: 'GSM-7', units: septets, segments };
  }
  const units = text.length;
  return { encoding: 'UCS-2', units, segments: units <= UCS2_SEGMENT ? 1 : Math.ceil(units / UCS2_MULTIPART_SEGMENT) };
}

/** Look-alikes a person types that GSM-7 lacks, and what stands in for them. */
const REPLACEMENTS: Record<string, string> = {
  '‘': "'",
  '’': "'",
  '‚': "'",
  '′': "'",
  '“': '"',
  '”': '"',
  '„': '"',
  '″': '"',
  '–': '-',
  '—': '-',
  '‐': '-',
  '‑': '-',
  '−': '-',
  '…': '...',
  '•': '-',
  '«': '"',
  '»': '"',
};

/**
 * A name or a reason made safe for a GSM-7 text, on one line: look-alikes replaced, accents dropped
 * where GSM-7 lacks the accented letter (Ọ → O), control and format characters (RTL marks, zero-width
 * joiners), emoji and every other character outside GSM-7 removed, spaces collapsed. The extension
 * table's characters are kept (they cost two septets each, counted by the templates).
 */
export function toGsm7Text(value: string): string {
  let out = '';
  for (const character of value.normalize('NFC')) {
    if (/[\s\p{Cc}]/u.test(character)) {
      out += ' ';
      continue;
    }
    if (isGsm7Character(character)) {
      out += character;
      continue;
    }
    const replacement = REPLACEMENTS[character];
    if (replacement !== undefined) {
      out += replacement;
      continue;
    }
    const bare = character.normalize('NFD').replace(/\p{M}/gu, '');
    if (bare !== '' && [...bare].every(isGsm7Character)) out += bare;
  }
  return out.replace(/ {2,}/g, ' ').trim();
}
