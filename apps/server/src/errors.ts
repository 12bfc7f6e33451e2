/** An error the client may see: its status and message are the answer. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const badRequest = (message: string, errors?: Record<string, string>) => new AppError(400, message, errors);

/** True for a PostgreSQL unique-violation, optionally on one named constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  const pgError = cause as { code?: string; constraint?: string };
  return pgError?.code === '23505' && (constraint === undefined || pgError.constraint === constraint);
}

/** A 400 with `{ message, errors }` from a failed zod parse; `message` is the first field's message. */
export function validationError(issues: { path: PropertyKey[]; message: string }[]): AppError {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return new AppError(400, issues[0]?.message ?? 'Invalid request', errors);
}
