import { PASSWORD_MAX, PASSWORD_MIN, PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT } from '@waybill/domain';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

/** zxcvbn's 0–4 scale: 3 is "safely unguessable" (about 10^8 guesses or more). */
export const MIN_SCORE = 3;

// Building the matchers reads every dictionary: done once per process, not per password.
let factory: ZxcvbnFactory | undefined;
function estimator(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    translations: english.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...english.dictionary },
    maxLength: PASSWORD_MAX,
  });
  return factory;
}

/**
 * Why a password may not be used, or undefined when it may: too short, or guessable (a score below 3,
 * or a match in the list of common passwords) with the estimator's own warning as the reason.
 * `userInputs` (the e-mail, the name) count as known words, so a password made of them is weak.
 */
export function passwordWeakness(password: string, userInputs: string[] = []): string | undefined {
  if (password.length < PASSWORD_MIN) return PASSWORD_TOO_SHORT;
  if (password.length > PASSWORD_MAX) return PASSWORD_TOO_LONG;
  const inputs = userInputs.flatMap((input) => [input, ...input.split(/[@.\s]+/)]).filter((part) => part.length > 2);
  const result = estimator().check(password, inputs);
  // The whole password is one entry of the list (perhaps in l33t or reversed); a common word inside a
  // longer passphrase is left to the score.
  const [only, ...rest] = result.sequence;
  const common = rest.length === 0 && only?.pattern === 'dictionary' && only.dictionaryName === 'passwords-common';
  if (result.score >= MIN_SCORE && !common) return undefined;
  const reason = result.feedback.warning ?? (common ? 'This is a commonly used password.' : undefined);
  const suggestion = result.feedback.suggestions[0];
  return ['This password is too easy to guess.', reason, suggestion].filter(Boolean).join(' ');
}
