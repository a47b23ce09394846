import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import { financialYear, type Order } from '@shop/shared';
import { insertCartLine, insertProduct, orderPayload, placeCashOrder, shopper } from '../../../test/commerce.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { mailTestApp } from '../../../test/smtp.ts';

const ctx = mailTestApp();

const FY = financialYear(new Date()).slice(2);

/** The mail's attachments as a mail program reads them. */
async function attachmentsOf(raw: string) {
  const parsed = await PostalMime.parse(raw);
  return parsed.attachments.map((a) => ({ filename: a.filename, mimeType: a.mimeType, content: Buffer.from(a.content as ArrayBuffer) }));
}

describe('invoices in the order mails', () => {
  it('attaches the tax invoice as a PDF to the cash order confirmation', async () => {
    const me = await shopper(ctx.t.db);
    const order = await placeCashOrder(ctx.t.app, ctx.t.db, me, [{ productId: (await insertProduct(ctx.t.db, { title: 'Mailed Silk' })).id }]);
    const mail = await ctx.smtp.waitForMail((m) => m.to.includes(me.user.email));
    expect(mail.text).toContain('Your GST tax invoice is attached to this mail.');
    const [pdf, ...rest] = await attachmentsOf(mail.raw);
    expect(rest).toHaveLength(0);
    expect(pdf).toMatchObject({ filename: `INV-${FY}-000001.pdf`, mimeType: 'application/pdf' });
    const text = await pdfText(pdf!.content);
    expect(text).toContain(`Invoice No.: INV/${FY}/000001`);
    expect(text).toContain('Mailed Silk');
    expect(text).toContain(`Order: #${order.id}`);
  });

  it('attaches the invoice to the mail of a card order when it is paid', async () => {
    const me = await shopper(ctx.t.db);
    await insertCartLine(ctx.t.db, me.user.id, (await insertProduct(ctx.t.db)).id);
    const init = await ctx.t.app.inject({ method: 'POST', url: '/api/payment/initiate', headers: { cookie: me.cookie }, payload: orderPayload('card') });
    const { paymentId } = init.json<{ paymentId: string }>();
    await ctx.t.app.inject({ method: 'POST', url: '/api/payment/verify', payload: ctx.t.app.payments.signTestPayment!(paymentId) });
    const mail = await ctx.smtp.waitForMail((m) => m.to.includes(me.user.email));
    const [pdf] = await attachmentsOf(mail.raw);
    expect(pdf?.filename).toBe(`INV-${FY}-000001.pdf`);
    expect(await pdfText(pdf!.content)).toContain('Tax Invoice');
  });

  it('attaches the credit note to the cancellation mail, and no document to other status mails', async () => {
    const me = await shopper(ctx.t.db);
    const admin = await shopper(ctx.t.db, 'admin');
    const order = await placeCashOrder(ctx.t.app, ctx.t.db, me, [{ productId: (await insertProduct(ctx.t.db)).id }]);
    await ctx.t.app.inject({ method: 'PATCH', url: `/api/orders/${order.id}`, headers: { cookie: admin.cookie }, payload: { status: 'dispatched' } });
    const dispatched = await ctx.smtp.waitForMail((m) => m.subject.includes('dispatched'));
    expect(await attachmentsOf(dispatched.raw)).toHaveLength(0);
    const res = await ctx.t.app.inject({ method: 'PATCH', url: `/api/orders/${order.id}`, headers: { cookie: admin.cookie }, payload: { status: 'cancelled' } });
    expect(res.json<Order>().creditNoteNumber).toBe(`CN/${FY}/000001`);
    const cancelled = await ctx.smtp.waitForMail((m) => m.subject.includes('cancelled'));
    expect(cancelled.text).toContain('Your credit note is attached to this mail.');
    const [pdf] = await attachmentsOf(cancelled.raw);
    expect(pdf?.filename).toBe(`CN-${FY}-000001.pdf`);
    const text = await pdfText(pdf!.content);
    expect(text).toContain('Credit Note');
    expect(text).toContain(`Against invoice: INV/${FY}/000001`);
  });

  it('attaches the new invoice to the mail of a reopened order', async () => {
    const me = await shopper(ctx.t.db);
    const admin = await shopper(ctx.t.db, 'admin');
    const order = await placeCashOrder(ctx.t.app, ctx.t.db, me, [{ productId: (await insertProduct(ctx.t.db)).id }]);
    const patch = (status: string) => ctx.t.app.inject({ method: 'PATCH', url: `/api/orders/${order.id}`, headers: { cookie: admin.cookie }, payload: { status } });
    await patch('cancelled');
    await ctx.smtp.waitForMail((m) => m.subject.includes('cancelled'));
    await ctx.t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/reopen`, headers: { cookie: admin.cookie }, payload: { reason: 'The shopper called back' } });
    const reopened = await ctx.smtp.waitForMail((m) => m.subject.includes('is being prepared'));
    const [pdf] = await attachmentsOf(reopened.raw);
    expect(pdf?.filename).toBe(`INV-${FY}-000002.pdf`);
    expect(await pdfText(pdf!.content)).toContain(`Invoice No.: INV/${FY}/000002`);
  });
});
