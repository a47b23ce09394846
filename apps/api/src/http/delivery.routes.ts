import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PIN_MESSAGE, pincodeRulesSchema } from '@shop/shared';
import { badRequest } from '../lib/errors.ts';
import { getPincodeRules, importPincodeCsv, pincodeAnswer, replacePincodeRules } from '../modules/delivery/delivery.service.ts';

const tags = ['delivery'];
const pinParams = z.object({ pin: z.string().max(50, PIN_MESSAGE) });
const importQuery = z.object({
  list: z.enum(['noDelivery', 'noCod'], { error: 'list must be noDelivery or noCod' }),
});
const MAX_CSV_BYTES = 1_048_576;

/** PIN codes: where the shop delivers and offers cash on delivery (docs/product.md, Delivery and PIN codes; decision 037). */
export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/pincodes/:pin',
    {
      config: { access: 'open' },
      schema: {
        tags,
        summary: 'A PIN code’s district and state, whether the shop delivers and takes cash there, and the delivery dates',
        params: pinParams,
      },
    },
    async (req, reply) => {
      const answer = await pincodeAnswer(app.db, req.params.pin);
      // The dates move at midnight and the owner may change the lists: a few minutes at most.
      return reply.header('cache-control', 'private, max-age=300').send(answer);
    },
  );

  app.get(
    '/delivery/pincode-rules',
    { config: { access: 'staff' }, schema: { tags, summary: 'The PINs and prefixes without delivery and without cash on delivery (admin)' } },
    () => getPincodeRules(app.db),
  );

  app.put(
    '/delivery/pincode-rules',
    {
      config: { access: 'staff' },
      schema: { tags, summary: 'Replace both PIN lists (admin)', body: pincodeRulesSchema },
    },
    (req) => replacePincodeRules(app.db, req.body),
  );

  // A CSV as the body itself, as Shopify's COD apps export it: this scope alone reads text/csv.
  await app.register(async (csv) => {
    csv.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'buffer', bodyLimit: MAX_CSV_BYTES }, (_req, body, done) => done(null, body));
    csv.withTypeProvider<ZodTypeProvider>().post(
      '/delivery/pincode-rules/import',
      {
        config: { access: 'staff' },
        schema: {
          tags,
          summary: 'Replace one PIN list from a CSV body (text/csv): a PIN or prefix in the first column → { imported, rules } (admin)',
          consumes: ['text/csv'],
          querystring: importQuery,
        },
      },
      async (req) => {
        if (!Buffer.isBuffer(req.body) || req.body.length === 0) throw badRequest('Send the CSV as the body, with Content-Type: text/csv');
        return importPincodeCsv(app.db, req.query.list, req.body);
      },
    );
  });
};
