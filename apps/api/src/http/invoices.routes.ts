import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, worksInAdmin } from '@shop/shared';
import { documentLook } from '../modules/invoices/document-look.ts';
import { documentFileName, type DocumentKind } from '../modules/invoices/document.ts';
import { gstReport } from '../modules/invoices/gst-report.ts';
import { orderDocument } from '../modules/invoices/invoices.service.ts';

const orderIdParams = idParamsSchema('Order not found');

/** An order's invoice or credit note as a PDF, to its shopper or staff (docs/security.md, Access: staff see any order's). */
export async function sendDocument(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, orderId: number, kind: DocumentKind, docId?: number) {
  const me = req.user!;
  const doc = await orderDocument(app.db, worksInAdmin(me.role) ? { id: me.id, role: 'admin' } : me, orderId, kind, docId);
  // Loaded at the first document, not at start: most processes of a shop never render one.
  const { renderDocumentPdf } = await import('../modules/invoices/invoice-pdf.ts');
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${documentFileName(doc)}"`)
    .header('cache-control', 'private, no-cache')
    .send(await renderDocumentPdf(doc, await documentLook(app.db, app.storage)));
}

export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  const serve = (kind: DocumentKind) =>
    app.get(`/:id/${kind === 'invoice' ? 'invoice' : 'credit-note'}`, { config: { access: 'user' }, schema: { params: orderIdParams } }, (req, reply) =>
      sendDocument(app, req, reply, req.params.id, kind),
    );
  serve('invoice');
  serve('credit_note');
};

export const gstReportQuerySchema = z.object({
  month: z
    .string({ error: 'Choose a month' })
    .regex(/^(20[1-9]\d)-(0[1-9]|1[0-2])$/, 'Choose a month as YYYY-MM')
    .refine((m) => m >= '2017-07', 'GST began in July 2017'),
});

export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/gst', { config: { access: 'admin' }, schema: { querystring: gstReportQuerySchema } }, async (req, reply) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="gst-report-${req.query.month}.csv"`)
      .header('cache-control', 'private, no-cache')
      .send(await gstReport(app.db, req.query.month)),
  );
};
