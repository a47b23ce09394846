import { z } from 'zod';
import { isCalendarDate } from './india-time.ts';

/** The largest value of an integer column: larger ids name nothing. */
export const MAX_ID = 2_147_483_647;

/** One spelling per number: `Number()` would also read `0x3`, `1e3`, ` 3`, `+3` and `3.0`. */
export const CANONICAL_POSITIVE_INT_RE = /^[1-9][0-9]{0,9}$/;

const idParam = (message: string) =>
  z
    .string({ error: message })
    .regex(CANONICAL_POSITIVE_INT_RE, message)
    .transform(Number)
    .pipe(z.number().max(MAX_ID, message));

export const idParamsSchema = (message: string) => z.object({ id: idParam(message) });

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

/** An India day in a query, `YYYY-MM-DD`, from the year 2000 on; empty is absent. */
export const dayParam = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .string({ error: 'Invalid date' })
    .refine((d) => isCalendarDate(d) && d >= '2000', 'Invalid date')
    .optional(),
);
