import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resetRequestBodySchema } from '@shop/shared';
import { AUTH_LIMITS, limited } from '../../plugins/rate-limit.ts';
import { RESET_TOKEN_TTL_MINUTES, createPasswordReset, resetLink } from './mail.service.ts';
import { resetPasswordMail } from './templates.ts';

export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/reset-password-request',
    { config: { access: 'open' }, preValidation: limited(app, AUTH_LIMITS.resetRequest), schema: { body: resetRequestBodySchema } },
    async (req) => {
      const reset = await createPasswordReset(app.db, req.body.email);
      if (reset) {
        const link = resetLink(app.config.publicUrl, reset);
        const mail = resetPasswordMail({ name: reset.name, link, validMinutes: RESET_TOKEN_TTL_MINUTES });
        // Sent after the reply: waiting for SMTP would tell a known address from an unknown one.
        app.mailer.send({ to: reset.email, ...mail, link }).catch((err: unknown) => req.log.error({ err }, 'the reset mail could not be sent'));
      }
      // DESIGN §3: the same reply whether or not the account exists (no account enumeration).
      return { message: 'Email sent successfully' };
    },
  );
};
