import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES, resetRequestBodySchema } from '@shop/shared';
import { AUTH_LIMITS, limited } from '../plugins/rate-limit.ts';
import { RESET_TOKEN_TTL_MINUTES, createPasswordReset, resetLink } from '../modules/auth/password-reset.ts';
import { resetPasswordMail } from '../modules/auth/reset-mail.ts';
import { getShopSettings } from '../modules/settings/settings.service.ts';

async function mailPasswordReset(app: FastifyInstance, email: string): Promise<void> {
  const enqueued = await app.db.transaction(async (tx) => {
    const reset = await createPasswordReset(tx, email);
    if (!reset) return false;
    const link = resetLink(app.config.webUrl, reset);
    await app.jobs.send(tx, 'mail', { to: reset.email, ...resetPasswordMail({ name: reset.name, link, validMinutes: RESET_TOKEN_TTL_MINUTES, shop: await getShopSettings(tx), publicUrl: app.config.publicUrl }), link });
    return true;
  });
  if (enqueued) app.jobs.wake('mail');
}

export const resetRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/reset-password-request',
    {
      config: { access: 'open' },
      preValidation: limited(app, AUTH_LIMITS.resetRequest),
      schema: { body: resetRequestBodySchema },
      // After the reply, so a known address is answered as fast as an unknown one (docs/security.md).
      onResponse: async (req) => {
        if (req.body) app.background.run('the reset mail', () => mailPasswordReset(app, req.body.email));
      },
    },
    async () => ({ message: MESSAGES.emailSent }),
  );
};
