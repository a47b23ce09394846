import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changePasswordBodySchema, deleteAccountBodySchema, idParamsSchema, indiaDate, MESSAGES, userPatchSchema, type Address } from '@shop/shared';
import { badRequest, forbidden } from '../lib/errors.ts';
import { AUTH_LIMITS, limited } from '../plugins/rate-limit.ts';
import { clearSessionCookie, SESSION_COOKIE } from '../modules/auth/sessions.ts';
import { addressProblem } from '../modules/delivery/delivery.service.ts';
import { getUser, patchUser } from '../modules/users/users.service.ts';
import { changePassword, deleteAccount, personalData } from '../flows/accounts.ts';

const userIdParams = idParamsSchema('Invalid user id');

/** Ownership (docs/security.md, Access): only the signed-in account's own id; anyone else's is 403, as PATCH answers. */
function own(id: number, me: number): number {
  if (id !== me) throw forbidden();
  return me;
}

const addressKey = (a: Address) =>
  JSON.stringify(
    Object.entries(a)
      .filter(([, v]) => v !== undefined)
      .sort(([x], [y]) => (x < y ? -1 : 1)),
  );

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/owner', { config: { access: 'user' } }, (req) => getUser(app.db, req.user!.id));

  app.patch('/:id', { config: { access: 'user' }, schema: { params: userIdParams, body: userPatchSchema } }, async (req) => {
    // docs/product.md, Delivery and PIN codes: a saved address's PIN exists and lies in its state; whether
    // the shop delivers there is the checkout's question, asked on the day. The web app sends every saved
    // address with each edit: one saved before this rule is kept as it is.
    const me = own(req.params.id, req.user!.id);
    if (req.body.addresses?.length) {
      const saved = new Set((await getUser(app.db, me)).addresses.map(addressKey));
      for (const address of req.body.addresses) {
        const problem = saved.has(addressKey(address)) ? null : addressProblem(address);
        if (problem) throw badRequest(problem);
      }
    }
    return patchUser(app.db, req.params.id, me, req.body);
  });

  app.post(
    '/:id/password',
    { config: { access: 'user' }, preValidation: limited(app, AUTH_LIMITS.ownPassword), schema: { params: userIdParams, body: changePasswordBodySchema } },
    async (req) => {
      await changePassword(app.db, own(req.params.id, req.user!.id), req.cookies[SESSION_COOKIE], req.body);
      return { message: MESSAGES.passwordChanged };
    },
  );

  app.get('/:id/data', { config: { access: 'user' }, schema: { params: userIdParams } }, async (req, reply) => {
    const data = await personalData(app.db, own(req.params.id, req.user!.id));
    return reply
      .header('content-disposition', `attachment; filename="my-data-${indiaDate()}.json"`)
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data, null, 2));
  });

  app.delete(
    '/:id',
    { config: { access: 'user' }, preValidation: limited(app, AUTH_LIMITS.ownPassword), schema: { params: userIdParams, body: deleteAccountBodySchema } },
    async (req, reply) => {
      await deleteAccount(app.db, own(req.params.id, req.user!.id), req.body.password);
      clearSessionCookie(app, reply);
      return { message: MESSAGES.accountDeleted };
    },
  );
};
