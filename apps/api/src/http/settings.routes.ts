import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shopSettingsSchema } from '@shop/shared';
import { getPublicShopSettings, getShopSettings, saveShopSettings } from '../modules/settings/settings.service.ts';

const tags = ['settings'];

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: 'open' },
      schema: {
        tags,
        summary: 'The shop’s public details: legal name, address, state, GSTIN, grievance officer, support',
      },
    },
    () => getPublicShopSettings(app.db),
  );
  app.get(
    '/admin',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Every shop setting, the low-stock threshold too (admin)' },
    },
    () => getShopSettings(app.db),
  );
  app.put(
    '/',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Replace the shop settings (admin)', body: shopSettingsSchema },
    },
    (req) => saveShopSettings(app.db, req.body),
  );
};
