import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES, idParamsSchema, staffAcceptBodySchema, staffInviteBodySchema } from '@shop/shared';
import { acceptInvite, inviteStaff, removeStaff, staffList, withdrawInvite } from '../flows/staff.ts';
import type { Effects } from '../flows/effects.ts';
import { findUser } from '../modules/auth/auth.service.ts';
import { startSession } from '../modules/auth/sessions.ts';
import { AUTH_LIMITS, limited } from '../plugins/rate-limit.ts';
import { unauthorized } from '../lib/errors.ts';

const tags = ['staff'];
const owner = { access: 'admin' as const };

export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const fx: Effects = { jobs: app.jobs, webUrl: app.config.webUrl, publicUrl: app.config.publicUrl };

  app.get(
    '/',
    { config: owner, schema: { tags, summary: 'Staff members and pending invitations (owner)' } },
    () => staffList(app.db),
  );

  app.post(
    '/invites',
    {
      config: owner,
      schema: {
        tags,
        summary: 'Invite a staff member: mails a single-use link valid for 48 hours (owner)',
        body: staffInviteBodySchema,
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send({
          ...(await inviteStaff(app.db, fx, req.body, req.user!.id)),
          message: MESSAGES.staffInviteSent,
        }),
  );

  app.delete(
    '/invites/:id',
    {
      config: owner,
      schema: {
        tags,
        summary: 'Revoke a pending invitation (owner)',
        params: idParamsSchema(MESSAGES.staffInviteNotFound),
      },
    },
    async (req) => {
      await withdrawInvite(app.db, req.params.id);
      return { message: MESSAGES.staffInviteRevoked };
    },
  );

  app.delete(
    '/:id',
    {
      config: owner,
      schema: {
        tags,
        summary: 'Remove a staff member: back to a shopper, every session ended (owner)',
        params: idParamsSchema(MESSAGES.staffNotFound),
      },
    },
    async (req) => {
      await removeStaff(app.db, req.params.id);
      return { message: MESSAGES.staffRemoved };
    },
  );

  app.post(
    '/accept',
    {
      config: { access: 'open' },
      preValidation: limited(app, AUTH_LIMITS.staffAccept),
      schema: {
        tags,
        summary: 'Accept an invitation with a new password; signs the new staff member in',
        body: staffAcceptBodySchema,
      },
    },
    async (req, reply) => {
      const userId = await acceptInvite(app.db, req.body);
      await startSession(app, req, reply, userId);
      const user = await findUser(app.db, userId);
      if (!user) throw unauthorized();
      return user;
    },
  );
};
