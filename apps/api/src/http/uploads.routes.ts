import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES } from '@shop/shared';
import { badRequest, HttpError } from '../lib/errors.ts';
import { saveUpload } from '../modules/uploads/uploads.service.ts';

/** The one file of a multipart body's `file` field (docs/security.md, Uploads). */
export async function uploadedFile(app: FastifyInstance, req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw badRequest('Choose an image file to upload');
  let bytes: Buffer | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname === 'file' && !bytes) bytes = await part.toBuffer();
      else part.file.resume();
    }
  } catch (err) {
    if (err instanceof app.multipartErrors.RequestFileTooLargeError) throw new HttpError(413, MESSAGES.imageTooLarge);
    if (err instanceof app.multipartErrors.FilesLimitError) throw badRequest('Upload one image at a time');
    if (err instanceof HttpError) throw err;
    throw badRequest('The upload could not be read');
  }
  if (!bytes?.length) throw badRequest('Choose an image file to upload');
  return bytes;
}

export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['uploads'],
        summary: 'Upload a product image (multipart field "file", at most 10 MB); replies { secure_url, url, width, height }',
        consumes: ['multipart/form-data'],
      },
    },
    async (req) => saveUpload(app.storage, await uploadedFile(app, req)),
  );
};
