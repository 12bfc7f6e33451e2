import { type ApiErrorBody, IDEMPOTENCY_KEY_HEADER } from '@waybill/domain';
import type { z } from 'zod';
import { readXsrfToken, XSRF_HEADER } from './xsrf-cookie.ts';

/** An answer outside 2xx, or a transport failure, carrying the message a toast shows. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string>;
  /**
   * The server's own `{ message }`. Undefined when the answer had none (not JSON, say a proxy's HTML
   * 502, or JSON without a message) or no answer came: `message` is then the client's own wording.
   */
  readonly serverMessage: string | undefined;
  /** The whole JSON body of the answer, for a route whose refusal says more than `{ message, errors }`. */
  readonly body: unknown;

  constructor(
    status: number,
    message: string,
    errors: Record<string, string> = {},
    serverMessage?: string,
    body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.serverMessage = serverMessage;
    this.body = body;
  }
}

/** What a page shows for an answer it cannot read; a reload fetches the bundle that matches the server. */
export const UNEXPECTED_ANSWER = 'The server sent an answer this page cannot read. Please reload the page.';

/**
 * A 2xx answer whose body does not match the route's response schema: the server and this page
 * disagree on the contract, most often a page loaded before a deploy. It keeps the answer's status (so
 * it is never taken for a lost answer and retried) and no server message (so a toast with a SPEC
 * fallback shows the fallback); `issues` says which fields were off.
 */
export class UnexpectedAnswerError extends ApiError {
  readonly issues: z.core.$ZodIssue[];

  constructor(status: number, issues: z.core.$ZodIssue[]) {
    super(status, UNEXPECTED_ANSWER);
    this.name = 'UnexpectedAnswerError';
    this.issues = issues;
  }
}

/**
 * What an error toast says when SPEC §8 names a fallback ("Tracking Error with the server message,
 * falling back to Failed to track package."): the server's message, else `fallback`.
 */
export function serverMessageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage !== undefined ? error.serverMessage : fallback;
}

export interface ApiRequest<S extends z.ZodType> {
  /**
   * The route's response schema from @waybill/domain: the 2xx body is parsed with it, never trusted.
   * It may still be loading (a page that imports its schemas when first used): the request goes at
   * once, and the answer waits for the schema.
   */
  schema: S | PromiseLike<S>;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart/form-data (or urlencoded when a URLSearchParams). */
  body?: FormData | URLSearchParams;
  signal?: AbortSignal;
  /** Milliseconds before the request is abandoned with a timeout error. */
  timeoutMs?: number;
  /**
   * Sent as the Idempotency-Key header: one key per user action, the same on every retry of that
   * action, so a write the server already did is answered again instead of done twice.
   */
  idempotencyKey?: string;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * A fresh random key for one user action (128 bits, hex). `crypto.getRandomValues` works on plain
 * http too, where `crypto.randomUUID` does not exist.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** True for a failure where the server's answer never arrived (it may have done the write). */
export function isLostAnswer(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

/** Fetches the XSRF cookie when the browser has none yet (first write of a visit). */
async function ensureXsrfToken(): Promise<string | undefined> {
  const existing = readXsrfToken();
  if (existing) return existing;
  await fetch('/api/health', { credentials: 'same-origin' }).catch(() => undefined);
  return readXsrfToken();
}

/** The `{ message, errors }` of an error answer; undefined unless it is JSON with a non-blank message. */
async function readErrorBody(response: Response): Promise<ApiErrorBody | undefined> {
  try {
    const body = (await response.json()) as Partial<ApiErrorBody> | null;
    return typeof body?.message === 'string' && body.message.trim() !== '' ? (body as ApiErrorBody) : undefined;
  } catch {
    return undefined;
  }
}

/** The body of a 2xx answer as its schema reads it; an empty body reads as undefined, JSON that is not as itself. */
function parseAnswer<S extends z.ZodType>(schema: S, status: number, text: string): z.output<S> {
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    throw new UnexpectedAnswerError(status, [{ code: 'custom', path: [], message: 'The body is not JSON' }]);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new UnexpectedAnswerError(status, parsed.error.issues);
  return parsed.data;
}

/**
 * Calls the Waybill API and returns the body, parsed with the route's response schema, with the
 * answer's headers (paging travels there). Writes carry the anti-forgery header; non-2xx answers throw
 * an ApiError with the server's message, or "Request failed with status code N" when it sent none; a
 * 2xx body the schema refuses throws an UnexpectedAnswerError.
 */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  request: ApiRequest<S>,
): Promise<{ data: z.output<S>; headers: Headers }> {
  const schema = Promise.resolve(request.schema);
  // A schema that fails to load fails the request, not as an unhandled rejection beside it.
  schema.catch(() => undefined);
  const response = await send(path, request);
  const text = response.status === 204 ? '' : await response.text();
  return { data: parseAnswer(await schema, response.status, text), headers: response.headers };
}

/**
 * A write or read whose 2xx answer is a file (a PDF, say) rather than JSON: the body as a Blob, after
 * the same anti-forgery header, key, timeout and error handling as apiRequest. An answer of another
 * type than `type` is refused like a body its schema refuses.
 */
export async function apiBlob(path: string, request: Omit<ApiRequest<z.ZodType>, 'schema'> & { type: string }) {
  const response = await send(path, request);
  const received = response.headers.get('Content-Type') ?? '';
  if (!received.startsWith(request.type)) {
    throw new UnexpectedAnswerError(response.status, [
      { code: 'custom', path: [], message: `Expected ${request.type}, got ${received || 'no type'}` },
    ]);
  }
  return response.blob();
}

/** Sends a request; a non-2xx answer or a lost one throws an ApiError, a 2xx answer is returned unread. */
async function send(path: string, request: Omit<ApiRequest<z.ZodType>, 'schema'>): Promise<Response> {
  const method = request.method ?? (request.json !== undefined || request.body ? 'POST' : 'GET');
  const headers = new Headers({ Accept: 'application/json' });
  let body: BodyInit | undefined;
  if (request.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(request.json);
  } else if (request.body) {
    body = request.body;
  }
  const token = method !== 'GET' ? await ensureXsrfToken() : undefined;
  if (token) headers.set(XSRF_HEADER, token);
  if (request.idempotencyKey) headers.set(IDEMPOTENCY_KEY_HEADER, request.idempotencyKey);

  const timeout = AbortSignal.timeout(request.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body, signal, credentials: 'same-origin' });
    // The token is bound to the session: one read before the session changed (signed in or out in
    // another tab, a session that ended) is refused before any work, and the refusal brings the
    // right one. Sent once more with it.
    const renewed = response.status === 403 && token !== undefined ? readXsrfToken() : undefined;
    if (renewed !== undefined && renewed !== token) {
      headers.set(XSRF_HEADER, renewed);
      response = await fetch(path, { method, headers, body, signal, credentials: 'same-origin' });
    }
  } catch (error) {
    if (request.signal?.aborted) throw error;
    if (timeout.aborted) throw new ApiError(0, 'The request timed out. Please try again.');
    throw new ApiError(0, 'Network error: please check your connection and try again.');
  }

  if (!response.ok) {
    const errorBody = await readErrorBody(response);
    throw new ApiError(
      response.status,
      errorBody?.message ?? `Request failed with status code ${response.status}`,
      errorBody?.errors,
      errorBody?.message,
      errorBody,
    );
  }
  return response;
}

/** apiRequest without the headers: the body of a 2xx answer, as its schema reads it. */
export async function apiFetch<S extends z.ZodType>(path: string, request: ApiRequest<S>): Promise<z.output<S>> {
  return (await apiRequest(path, request)).data;
}
