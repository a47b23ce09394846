import { z } from 'zod';

/** The largest value of an integer column: larger ids name nothing. */
export const MAX_ID = 2_147_483_647;

/**
 * A positive integer written the one canonical way: digits, no sign, no leading zero, no exponent,
 * no fraction, no space. `Number()` would read `0x3`, `1e3`, ` 3`, `+3` and `3.0` as numbers too.
 */
export const CANONICAL_POSITIVE_INT_RE = /^[1-9][0-9]{0,9}$/;

/** A path id (`/products/:id`, `/orders/:id`…): canonical positive integers only, else 400 with `message`. */
export const idParam = (message: string) =>
  z
    .string({ error: message })
    .regex(CANONICAL_POSITIVE_INT_RE, message)
    .transform(Number)
    .pipe(z.number().max(MAX_ID, message));

/** `{ id }` path parameters with the route's own message. */
export const idParamsSchema = (message: string) => z.object({ id: idParam(message) });

/**
 * A page number or size in a query string: absent or empty takes the default; otherwise a canonical
 * positive integer up to `max`, else 400 with `message`.
 */
export const pageParam = (fallback: number, max: number, message = 'Invalid page') =>
  z.preprocess(
    (v) =>
      v === undefined || v === ''
        ? undefined
        : typeof v === 'string' && CANONICAL_POSITIVE_INT_RE.test(v)
          ? Number(v)
          : v,
    z.number({ error: message }).int(message).min(1, message).max(max, message).default(fallback),
  );
