import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, userPatchSchema } from '@shop/shared';
import { getUser, patchUser } from '../modules/users/users.service.ts';

const userIdParams = idParamsSchema('Invalid user id');

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/owner', { config: { access: 'user' } }, (req) => getUser(app.db, req.user!.id));

  app.patch('/:id', { config: { access: 'user' }, schema: { params: userIdParams, body: userPatchSchema } }, (req) =>
    patchUser(app.db, req.params.id, req.user!.id, req.body),
  );
};
