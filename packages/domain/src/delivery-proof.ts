// Proof of delivery: which packages may have one, and how the public page names the receiver.
import { PENDING_STATUS, REJECTED_STATUS } from './statuses.ts';

/**
 * A proof records a hand-over, so the package must have been accepted: a Pending one must be decided
 * first (the status change's own rule) and a Rejected one never travelled.
 */
export function canRecordDelivery(status: string): boolean {
  return status !== PENDING_STATUS && status !== REJECTED_STATUS;
}

/** A letter or digit of any script (a name's parts start with one). */
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * The initials of the name a receiver gave, as the public tracking page shows them ("Kofi Mensah" →
 * "K. M."): one per word, hyphenated parts each keeping theirs ("Anne-Marie" → "A.-M."), in any script,
 * upper-cased where the script has case. Extra spaces count for nothing; a part without a letter or
 * digit is left out. Blank text gives "".
 */
export function receiverInitials(name: string): string {
  const words = name.trim().split(/\s+/u);
  const initials: string[] = [];
  for (const word of words) {
    const parts = word
      .split('-')
      .map((part) => firstLetter(part))
      .filter((letter) => letter !== '')
      .map((letter) => `${letter.toLocaleUpperCase()}.`);
    if (parts.length > 0) initials.push(parts.join('-'));
  }
  return initials.join(' ');
}

/** The first letter or digit of a part, whole (a letter outside the BMP is two UTF-16 units). */
function firstLetter(part: string): string {
  for (const character of part) {
    if (LETTER_OR_DIGIT.test(character)) return character;
  }
  return '';
}
