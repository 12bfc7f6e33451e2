import { Worker } from 'node:worker_threads';
import { PASSWORD_MAX, PASSWORD_MIN, PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT } from '@waybill/domain';

/** zxcvbn's 0–4 scale: 3 is "safely unguessable" (about 10^8 guesses or more). */
export const MIN_SCORE = 3;
/**
 * …and at least a billion guesses: zxcvbn never estimates fewer than 10^8 for a password this long,
 * which scores 3, so a password made only of known words ("Waybill Waybill", "Summer2026!!!", a name
 * and the year) sat exactly on the floor and passed.
 */
export const MIN_GUESSES_LOG10 = 9;
/** Why a password made of the words below is refused, when the estimator gives no warning of its own. */
export const KNOWN_WORDS =
  "It is made of words anyone could guess here: the site's name, your name or e-mail, a season or the year.";
const SEASONS = ['spring', 'summer', 'autumn', 'fall', 'winter'];

/**
 * The words a password chosen here must not be made of: the company's name and the site's address,
 * the person's name and e-mail, the seasons and the years around `now`.
 */
export interface PasswordSite {
  companyName: string;
  publicUrl: string;
}

/** The site of a configuration, as `passwordUserInputs` reads it. */
export const passwordSiteOf = (config: { company: { name: string }; publicUrl: string }): PasswordSite => ({
  companyName: config.company.name,
  publicUrl: config.publicUrl,
});

export function passwordUserInputs(
  site: PasswordSite,
  person: { name?: string; email?: string },
  now = new Date(),
): string[] {
  const year = now.getFullYear();
  return [
    site.companyName,
    new URL(site.publicUrl).hostname,
    person.name ?? '',
    person.email ?? '',
    ...SEASONS,
    ...[year - 1, year, year + 1].map(String),
  ].filter((input) => input.trim() !== '');
}

/**
 * The characters the estimate reads: a password whose first 64 are hard to guess is hard to guess.
 * Matching grows fast with length (2.9 s for 256 characters of repeated l33t, 0.4 s for 64), and the
 * one estimating thread serves every request.
 */
const ESTIMATED_LENGTH = 64;

interface Estimate {
  score: number;
  guessesLog10: number;
  knownWords: boolean;
  warning: string | null;
  suggestions: string[];
  common: boolean;
}
type Answer = (Estimate & { id: number; error?: undefined }) | { id: number; error: string };

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, { resolve(estimate: Estimate): void; reject(error: Error): void }>();

function failAll(error: Error) {
  for (const request of pending.values()) request.reject(error);
  pending.clear();
  worker = undefined;
}

/** The estimating thread, started at the first check; it keeps the process alive only while it has work. */
function estimator(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL('./password-strength.worker.mjs', import.meta.url), {
    workerData: { maxLength: ESTIMATED_LENGTH },
  });
  started.on('message', (answer: Answer) => {
    const request = pending.get(answer.id);
    pending.delete(answer.id);
    if (pending.size === 0) started.unref();
    if (answer.error !== undefined) request?.reject(new Error(`password strength: ${answer.error}`));
    else request?.resolve(answer);
  });
  started.on('error', failAll);
  started.on('exit', (code) => failAll(new Error(`the password strength thread stopped with code ${code}`)));
  started.unref();
  worker = started;
  return started;
}

function estimate(password: string, userInputs: string[]): Promise<Estimate> {
  const thread = estimator();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    thread.ref();
    thread.postMessage({ id, password, userInputs });
  });
}

/**
 * Why a password may not be used, or undefined when it may: too short, or guessable (a score below 3,
 * fewer than a billion guesses, or the whole password one of the common ones) with the estimator's own
 * warning as the reason. `userInputs` (`passwordUserInputs`: the site, the name, the e-mail, the
 * seasons and years) count as known words, so a password made of them is weak.
 */
export async function passwordWeakness(password: string, userInputs: string[] = []): Promise<string | undefined> {
  if (password.length < PASSWORD_MIN) return PASSWORD_TOO_SHORT;
  if (password.length > PASSWORD_MAX) return PASSWORD_TOO_LONG;
  const inputs = userInputs.flatMap((input) => [input, ...input.split(/[@.\s-]+/)]).filter((part) => part.length > 2);
  const result = await estimate(password, inputs);
  if (result.score >= MIN_SCORE && result.guessesLog10 >= MIN_GUESSES_LOG10 && !result.common) return undefined;
  const reason =
    result.warning ||
    (result.common ? 'This is a commonly used password.' : undefined) ||
    (result.knownWords ? KNOWN_WORDS : undefined);
  return ['This password is too easy to guess.', reason, result.suggestions[0]].filter(Boolean).join(' ');
}
