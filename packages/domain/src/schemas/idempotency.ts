/** The request header that makes a write safe to repeat (a double click, a retry after a lost answer). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 100;
/** How long a key's first answer is kept and replayed. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

export const IDEMPOTENCY_KEY_EMPTY = `${IDEMPOTENCY_KEY_HEADER} must not be empty`;
export const IDEMPOTENCY_KEY_TOO_LONG = `${IDEMPOTENCY_KEY_HEADER} must be at most ${IDEMPOTENCY_KEY_MAX_LENGTH} characters`;
export const IDEMPOTENCY_KEY_REUSED = `This ${IDEMPOTENCY_KEY_HEADER} was already used for a different request`;
export const IDEMPOTENCY_KEY_BUSY = `A request with this ${IDEMPOTENCY_KEY_HEADER} is still being processed. Please try again in a moment.`;
