import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_BRAND_PICTURE_BYTES, shopSettingsBodySchema } from '@shop/shared';
import { badRequest, HttpError } from '../lib/errors.ts';
import { brandPictureStored, saveBrandPicture } from '../modules/settings/brand-pictures.ts';
import {
  getPublicShopSettings,
  getShopSettings,
  saveShopSettings,
} from '../modules/settings/settings.service.ts';

const tags = ['settings'];

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: 'open' },
      schema: {
        tags,
        summary:
          'The shop’s public details: legal name, address, state, GSTIN, grievance officer, support, and its brand',
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
      schema: {
        tags,
        summary: 'Replace the shop settings (admin); a body without the brand’s fields keeps them',
        body: shopSettingsBodySchema,
      },
    },
    async (req) => {
      for (const [field, url] of [
        ['Logo', req.body.logo],
        ['Favicon', req.body.favicon],
      ] as const) {
        if (url && !(await brandPictureStored(app.storage, url)))
          throw badRequest(`${field}: upload the picture again`);
      }
      const saved = await saveShopSettings(app.db, req.body);
      // The NOTIFY reaches every process; this one forgets at once, so its next page shows the change.
      app.productCache.invalidate();
      return saved;
    },
  );
  app.post(
    '/pictures',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Upload a logo or favicon (multipart field "file": SVG, PNG or WebP, at most 2 MB); replies { url, width, height }',
        consumes: ['multipart/form-data'],
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw badRequest('Choose a picture to upload');
      let bytes: Buffer | undefined;
      try {
        for await (const part of req.parts({ limits: { fileSize: MAX_BRAND_PICTURE_BYTES } })) {
          if (part.type !== 'file') continue;
          if (part.fieldname === 'file' && !bytes) bytes = await part.toBuffer();
          else part.file.resume();
        }
      } catch (err) {
        if (err instanceof app.multipartErrors.RequestFileTooLargeError)
          throw new HttpError(413, 'The picture is larger than 2 MB');
        if (err instanceof app.multipartErrors.FilesLimitError)
          throw badRequest('Upload one picture at a time');
        if (err instanceof HttpError) throw err;
        throw badRequest('The upload could not be read');
      }
      if (!bytes?.length) throw badRequest('Choose a picture to upload');
      return saveBrandPicture(app.storage, bytes);
    },
  );
};
