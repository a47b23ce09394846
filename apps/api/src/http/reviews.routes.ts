import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminReviewsQuerySchema, idParamsSchema, REVIEW_MESSAGES, reviewBodySchema, reviewPatchSchema, reviewsQuerySchema } from '@shop/shared';
import { retryTransient } from '../db/client.ts';
import { changeReview, productReviews, writeReview } from '../flows/reviews.ts';
import { PRODUCT_NOT_FOUND } from '../modules/products/products.queries.ts';
import { listAdminReviews } from '../modules/reviews/reviews.service.ts';
import { saveUpload } from '../modules/uploads/uploads.service.ts';
import { limited, type Limit } from '../plugins/rate-limit.ts';
import { uploadedFile } from './uploads.routes.ts';

const tags = ['reviews'];
const productParams = idParamsSchema(PRODUCT_NOT_FOUND);
const reviewParams = idParamsSchema(REVIEW_MESSAGES.notFound);
// A shopper writes a review now and then, with a few photos: enough for that, not a free image host.
const REVIEW_LIMITS: Limit[] = [
  { by: 'user', max: 10, windowMs: 15 * 60_000 },
  { by: 'ip', max: 30, windowMs: 15 * 60_000 },
];
const PHOTO_LIMITS: Limit[] = [
  { by: 'user', max: 30, windowMs: 15 * 60_000 },
  { by: 'ip', max: 60, windowMs: 15 * 60_000 },
];

/** docs/product.md, Reviews. */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/products/:id/reviews',
    {
      config: { access: 'open' },
      schema: { tags, summary: 'A product’s published reviews, their summary, and for a signed-in shopper `mine` and `canReview`', params: productParams, querystring: reviewsQuerySchema },
    },
    (req) => productReviews(app.db, req.params.id, req.query, req.user?.id ?? null),
  );

  app.post(
    '/products/:id/reviews',
    {
      config: { access: 'user' },
      preValidation: limited(app, REVIEW_LIMITS),
      schema: { tags, summary: 'Review a product the shopper bought → 201 (403 not bought, 409 reviewed already)', params: productParams, body: reviewBodySchema },
    },
    async (req, reply) => {
      const review = await retryTransient(() => writeReview(app.db, req.user!.id, req.params.id, req.body));
      // Other processes hear of the new rating through products_changed; this one forgets at once.
      if (review.status === 'published') app.productCache.invalidate();
      return reply.code(201).send(review);
    },
  );

  app.post(
    '/reviews/photos',
    {
      config: { access: 'user' },
      preValidation: limited(app, PHOTO_LIMITS),
      schema: { tags, summary: 'A photo for a review (multipart field "file", at most 10 MB) → 201 { url }', consumes: ['multipart/form-data'] },
    },
    async (req, reply) => reply.code(201).send({ url: (await saveUpload(app.storage, await uploadedFile(app, req))).url }),
  );

  app.get(
    '/reviews',
    { config: { access: 'staff' }, schema: { tags, summary: 'Every review, newest first, 20 a page, by status (staff)', querystring: adminReviewsQuerySchema } },
    (req) => listAdminReviews(app.db, req.query),
  );

  app.patch(
    '/reviews/:id',
    { config: { access: 'admin' }, schema: { tags, summary: 'Show (approve) or hide a review, or reply to it; an empty reply removes it (admin)', params: reviewParams, body: reviewPatchSchema } },
    async (req) => {
      const { review, figuresChanged } = await retryTransient(() => changeReview(app.db, req.params.id, req.body));
      if (figuresChanged) app.productCache.invalidate();
      return review;
    },
  );
};
