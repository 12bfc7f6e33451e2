import { UNSTORABLE_TEXT_MESSAGE } from '@waybill/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const isStorable = (text: string) => !text.includes('\u0000') && !UNPAIRED_SURROGATE.test(text);

interface Visit {
  value: unknown;
  key?: string;
  parent?: Visit;
}

function pathOf(visit: Visit): string[] {
  const path: string[] = [];
  for (let step: Visit | undefined = visit; step?.parent; step = step.parent) path.push(step.key!);
  return path.reverse();
}

/**
 * The path of the first string that cannot be stored as it is, or undefined. A loop with parent
 * links, not recursion or copied paths: a body of arrays nested 50 000 deep stays cheap. Route
 * parameters and most queries are one level of strings: those are checked in place, allocating nothing.
 */
function findUnstorableText(root: unknown): string[] | undefined {
  if (root === undefined || root === null) return undefined;
  if (typeof root === 'string') return isStorable(root) ? undefined : [];
  // A binary body (a CSV file read as bytes) holds no text yet: its reader checks what it decodes.
  if (typeof root !== 'object' || ArrayBuffer.isView(root)) return undefined;
  if (!Array.isArray(root)) {
    // The walk below names the last such field of an object first; so does this.
    let found: string | undefined;
    let flat = true;
    for (const key in root) {
      if (!Object.hasOwn(root, key)) continue;
      const value = (root as Record<string, unknown>)[key];
      if (typeof value === 'string') {
        if (!isStorable(value)) found = key;
      } else if (value !== null && typeof value === 'object') {
        flat = false;
        break;
      }
    }
    if (flat) return found === undefined ? undefined : [found];
  }
  return walk(root);
}

function walk(root: object): string[] | undefined {
  const pending: Visit[] = [{ value: root }];
  while (pending.length > 0) {
    const visit = pending.pop()!;
    if (typeof visit.value === 'string') {
      if (!isStorable(visit.value)) return pathOf(visit);
    } else if (visit.value !== null && typeof visit.value === 'object') {
      for (const [key, value] of Object.entries(visit.value)) pending.push({ value, key, parent: visit });
    }
  }
  return undefined;
}

/** True for PostgreSQL's refusal of a NUL character in text (SQLSTATE 22021). */
export function isNulTextError(error: unknown): boolean {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  return (cause as { code?: string })?.code === '22021';
}

/**
 * PostgreSQL text cannot hold U+0000 (the query fails: a 500, possibly after an e-mail went out),
 * and an unpaired surrogate (only a hand-written JSON escape makes one) would be stored silently
 * changed to U+FFFD. Such text is refused with a 400 before any route sees it.
 */
async function textGuard(app: FastifyInstance) {
  // A callback hook: it never waits, and a promise per request is not free.
  app.addHook('preValidation', (request, _reply, done) => {
    const path =
      findUnstorableText(request.params) ?? findUnstorableText(request.query) ?? findUnstorableText(request.body);
    if (path) {
      const field = path.join('.');
      done(new AppError(400, UNSTORABLE_TEXT_MESSAGE, field ? { [field]: UNSTORABLE_TEXT_MESSAGE } : undefined));
      return;
    }
    done();
  });
}

export default fp(textGuard, { name: 'text-guard' });
