import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userPatchSchema } from '@shop/shared';
import { getUser, patchUser } from './users.service.ts';

const INVALID_ID = 'Invalid user id';
const userIdParams = z.object({
  id: z.coerce.number({ error: INVALID_ID }).int(INVALID_ID).positive(INVALID_ID).max(2_147_483_647, INVALID_ID),
});

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/owner', { config: { access: 'user' } }, (req) => getUser(app.db, req.user!.id));

  app.patch('/:id', { config: { access: 'user' }, schema: { params: userIdParams, body: userPatchSchema } }, (req) =>
    patchUser(app.db, req.params.id, req.user!.id, req.body),
  );
};
