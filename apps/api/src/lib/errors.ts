/** An error whose message is meant for the client, with its HTTP status. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    /** For a client that acts on the kind of refusal, e.g. `promo_code` (docs/product.md, Promotions). */
    public readonly code?: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Please sign in') => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do that') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** PostgreSQL's unique_violation on `constraint` (an index's name), as drizzle wraps it or not. */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  const e = (err as { cause?: unknown })?.cause ?? err;
  const { code, constraint: name, message } = (e ?? {}) as { code?: string; constraint?: string; message?: string };
  return code === '23505' && (name === constraint || (message ?? '').includes(constraint));
}
