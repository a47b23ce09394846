import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginBodySchema, resetPasswordBodySchema, signupBodySchema } from '@shop/shared';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { AUTH_LIMITS, limited } from '../plugins/rate-limit.ts';
import { endDemoSessions, endSession, isDemoEmail, startSession } from '../modules/auth/sessions.ts';
import { LOGIN_FAILED, authenticate, dummyHash, findUser } from '../modules/auth/auth.service.ts';
import { resetPassword, signup } from '../flows/accounts.ts';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // Made now, so the first login with an unknown email is not slower than the rest.
  await dummyHash();
  if (app.config.production) app.addHook('onReady', () => endDemoSessions(app.db));

  app.post(
    '/signup',
    // preHandler: a form refused as invalid is not counted (docs/security.md, the signup limits).
    { config: { access: 'open' }, preHandler: limited(app, AUTH_LIMITS.signup), schema: { body: signupBodySchema } },
    async (req, reply) => reply.code(201).send(await signup(app.db, req.body)),
  );

  app.post(
    '/login',
    { config: { access: 'open' }, preValidation: limited(app, AUTH_LIMITS.login), schema: { body: loginBodySchema } },
    async (req, reply) => {
      const found = await authenticate(app.db, req.body);
      // A demo account from an old development database: its password is published (docs/security.md, Production safety).
      const user = found && app.config.production && isDemoEmail(found.email) ? null : found;
      // docs/product.md, Account calls: a failed login rejects with the response text, so this one reply is plain text.
      if (!user) return reply.code(401).type('text/plain; charset=utf-8').send(LOGIN_FAILED);
      await startSession(app, req, reply, user.id);
      return user;
    },
  );

  app.get('/check', { config: { access: 'user' } }, async (req) => {
    const user = await findUser(app.db, req.user!.id);
    if (!user) throw unauthorized();
    return user;
  });

  const logout = async (req: FastifyRequest, reply: FastifyReply) => {
    await endSession(app, req, reply);
    return { ok: true };
  };
  // docs/product.md, Account calls: a GET can be a link or a picture on another site.
  app.get('/logout', { config: { access: 'open' } }, async (req, reply) => {
    if (!app.fromAllowedOrigin(req)) throw forbidden('Cross-site request refused');
    return logout(req, reply);
  });
  app.post('/logout', { config: { access: 'open' } }, logout);

  app.post(
    '/reset-password',
    { config: { access: 'open' }, preValidation: limited(app, AUTH_LIMITS.reset), schema: { body: resetPasswordBodySchema } },
    async (req) => {
      await resetPassword(app.db, req.body);
      return { message: 'Password reset successfully' };
    },
  );
};
