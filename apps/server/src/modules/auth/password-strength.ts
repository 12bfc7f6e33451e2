import { Worker } from 'node:worker_threads';
import { PASSWORD_MAX, PASSWORD_MIN, PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT } from '@waybill/domain';

/** zxcvbn's 0–4 scale: 3 is "safely unguessable" (about 10^8 guesses or more). */
export const MIN_SCORE = 3;

/**
 * The characters the estimate reads: a password whose first 64 are hard to guess is hard to guess.
 * Matching grows fast with length (2.9 s for 256 characters of repeated l33t, 0.4 s for 64), and the
 * one estimating thread serves every request.
 */
const ESTIMATED_LENGTH = 64;

interface Estimate {
  score: number;
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
 * or the whole password one of the common ones) with the estimator's own warning as the reason.
 * `userInputs` (the e-mail, the name) count as known words, so a password made of them is weak.
 */
export async function passwordWeakness(password: string, userInputs: string[] = []): Promise<string | undefined> {
  if (password.length < PASSWORD_MIN) return PASSWORD_TOO_SHORT;
  if (password.length > PASSWORD_MAX) return PASSWORD_TOO_LONG;
  const inputs = userInputs.flatMap((input) => [input, ...input.split(/[@.\s]+/)]).filter((part) => part.length > 2);
  const result = await estimate(password, inputs);
  if (result.score >= MIN_SCORE && !result.common) return undefined;
  const reason = result.warning || (result.common ? 'This is a commonly used password.' : undefined);
  return ['This password is too easy to guess.', reason, result.suggestions[0]].filter(Boolean).join(' ');
}
