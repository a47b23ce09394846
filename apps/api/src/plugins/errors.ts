import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/client.ts';
import { HttpError } from '../lib/errors.ts';

export const RETRY_AFTER_SECONDS = 5;

// PostgreSQL errors only input can cause (NUL, out of range, wrong type, too long, index entry too big).
const INPUT_DATA_ERRORS = new Set(['22021', '22P05', '22003', '22P02', '22001', '54000']);

function databaseCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e.cause?.code === 'string' ? e.cause.code : e.code;
  return typeof code === 'string' ? code : undefined;
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    // Every refusal is { message }, whatever the route meant to send: a CSV export refused by the
    // database before its first byte had already said text/csv.
    reply.type('application/json; charset=utf-8');
    if (err instanceof HttpError) return reply.code(err.statusCode).send(err.code ? { message: err.message, code: err.code } : { message: err.message });
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply.code(400).send({ message: err.validation[0]?.message ?? 'Invalid request' });
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ reason: String(err.cause ?? err.message) }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ message: 'The shop is briefly unavailable, please try again' });
    }
    const dbCode = databaseCode(err);
    if (dbCode && INPUT_DATA_ERRORS.has(dbCode)) {
      req.log.warn({ code: dbCode }, 'input refused by the database');
      return reply.code(400).send({ message: 'Invalid characters or values in the request' });
    }
    const status = err.statusCode ?? 500;
    if (status === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE' || err.code === 'FST_FILES_LIMIT') {
      return reply.code(413).send({ message: 'Request is too large' });
    }
    if (status >= 400 && status < 500) {
      const message =
        err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'Unsupported content type'
          : err.code?.startsWith('FST_ERR_CTP') || err.code === 'FST_ERR_VALIDATION'
            ? 'Invalid request body'
            : err.message || 'Invalid request';
      return reply.code(status).send({ message });
    }
    req.log.error({ err }, 'request failed');
    return reply.code(500).send({ message: 'Something went wrong. Please try again.' });
  });
});
