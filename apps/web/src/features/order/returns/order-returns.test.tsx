import { Provider } from 'react-redux';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@shop/shared/order';
import type { OrderReturns as Returns, ReturnRequest } from '@shop/shared/returns';
import { makeStore } from '../../../lib/store';
import { aProduct, anOrder } from '../../../test/commerce-fixtures';
import { fakeApi, type FakeCall } from '../../../test/fake-api';
import { OrderReturns } from './order-returns';

afterEach(() => vi.unstubAllGlobals());

const delivered = (over: Partial<Order> = {}) => anOrder({ id: 7, status: 'delivered', ...over });

function someReturns(over: Partial<Returns> = {}): Returns {
  return {
    returns: [],
    returnBy: '2026-11-28',
    returnable: [{ itemId: 1, quantity: 2 }],
    creditNotes: [],
    refunds: [],
    ...over,
  };
}

function aRequest(over: Partial<ReturnRequest> = {}): ReturnRequest {
  return {
    id: 31,
    orderId: 7,
    status: 'requested',
    items: [
      {
        id: 1,
        itemId: 1,
        title: 'Kanjivaram Silk Saree',
        thumbnail: '/uploads/abc.webp',
        color: '#7a1f2b',
        sizeText: '216 in',
        quantity: 1,
        reason: 'damaged',
        photos: [],
        exchange: null,
      },
    ],
    refundTo: null,
    pickup: null,
    rejectReason: null,
    restocked: null,
    refundAmount: 9000,
    refundAmountPaise: 900000,
    collectAmount: 0,
    creditNote: null,
    refund: null,
    exchangeOrderId: null,
    createdAt: '2026-11-25T10:00:00.000Z',
    updatedAt: '2026-11-25T10:00:00.000Z',
    events: [{ status: 'requested', at: '2026-11-25T10:00:00.000Z', note: null }],
    ...over,
  };
}

function setup(order: Order = delivered()) {
  render(
    <Provider store={makeStore()}>
      <OrderReturns order={order} />
    </Provider>,
  );
  return userEvent.setup();
}

const returnsCalls = (calls: FakeCall[]) => calls.filter((c) => c.url.startsWith('/orders/7/returns'));
const request = (id = 31) => screen.getByRole('article', { name: `Return #${id}` });

describe('OrderReturns', () => {
  it('offers a return until the last day of a delivered order’s window', async () => {
    fakeApi({ 'GET /orders/7/returns': { body: someReturns() } });
    setup();
    const ask = await screen.findByRole('button', { name: 'Return or exchange from order #7' });
    expect(ask.textContent).toBe('Return or exchange');
    expect(document.getElementById(ask.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Until Sat, 28 Nov',
    );
  });

  it('asks nothing and shows nothing for an order not delivered', () => {
    for (const status of ['pending', 'dispatched', 'cancelled'] as const) {
      const { calls } = fakeApi({ 'GET /orders/7/returns': { body: someReturns() } });
      const { container } = render(
        <Provider store={makeStore()}>
          <OrderReturns order={anOrder({ id: 7, status })} />
        </Provider>,
      );
      expect(container.innerHTML).toBe('');
      expect(calls).toEqual([]);
      vi.unstubAllGlobals();
    }
  });

  it('offers no return once the window has closed or everything was asked, but still shows the requests', async () => {
    const { calls } = fakeApi({
      'GET /orders/7/returns': {
        body: someReturns({
          returnBy: null,
          returnable: [{ itemId: 1, quantity: 0, reason: 'window_closed' }],
        }),
      },
    });
    const { container } = render(
      <Provider store={makeStore()}>
        <OrderReturns order={delivered()} />
      </Provider>,
    );
    await waitFor(() => expect(returnsCalls(calls)).toHaveLength(1));
    expect(container.innerHTML).toBe('');
    vi.unstubAllGlobals();

    fakeApi({
      'GET /orders/7/returns': {
        body: someReturns({
          returnable: [{ itemId: 1, quantity: 0, reason: 'asked' }],
          returns: [aRequest()],
        }),
      },
    });
    setup();
    expect(await screen.findByRole('article', { name: 'Return #31' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Return or exchange/ })).toBeNull();
  });

  it('shows a request’s status, items, reason, exchange, refund, pickup and steps', async () => {
    fakeApi({
      'GET /orders/7/returns': {
        body: someReturns({
          returns: [
            aRequest({
              status: 'approved',
              items: [
                aRequest().items[0]!,
                {
                  ...aRequest().items[0]!,
                  id: 2,
                  reason: 'size',
                  exchange: { color: '#e0a526', size: '244', sizeText: '244 in', variantId: 14 },
                },
              ],
              refundTo: { upi: 'me***@okaxis' },
              pickup: { courierName: 'Delhivery', awb: 'DLV123456789' },
              collectAmount: 400,
              events: [
                { status: 'requested', at: '2026-11-25T10:00:00.000Z', note: null },
                { status: 'approved', at: '2026-11-26T04:30:00.000Z', note: 'Pickup DLV123456789' },
              ],
            }),
          ],
        }),
      },
    });
    setup();
    const card = await screen.findByRole('article', { name: 'Return #31' });
    const text = card.textContent!;
    expect(text).toContain('Approved');
    expect(text).toContain('Asked on Wed, 25 Nov, 3:30 pm');
    expect(text).toContain('Reason: Arrived damaged');
    expect(text).toContain('Reason: Wrong size or fit');
    expect(text).toContain('Exchange for Gold, size 244 in');
    expect(text).toContain('Refund₹9,000 to UPI me***@okaxis');
    expect(text).toContain('To pay when the exchange is delivered₹400');
    expect(text).toContain('Delhivery · AWB DLV123456789');
    const steps = within(card).getByRole('list', { name: 'Steps of return #31' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Requested · Wed, 25 Nov, 3:30 pm', 'Approved · Thu, 26 Nov, 10:00 am · Pickup DLV123456789']);
    // The shop booked the pickup: nothing for the shopper to fill in.
    expect(within(card).queryByRole('button', { name: 'I have shipped it' })).toBeNull();
  });

  it('shows why a request was not accepted', async () => {
    fakeApi({
      'GET /orders/7/returns': {
        body: someReturns({
          returns: [aRequest({ status: 'rejected', rejectReason: 'The tag was removed' })],
        }),
      },
    });
    setup();
    const card = await screen.findByRole('article', { name: 'Return #31' });
    expect(card.textContent).toContain('Not accepted');
    expect(card.textContent).toContain('Why: The tag was removed');
  });

  it('links the credit note and says when the refund was paid', async () => {
    fakeApi({
      'GET /orders/7/returns': {
        body: someReturns({
          returns: [
            aRequest({
              status: 'refunded',
              creditNote: {
                id: 5,
                number: 'CN/26-27/000005',
                issuedAt: '2026-11-29T06:00:00.000Z',
                total: 9000,
              },
              refund: {
                id: 3,
                orderId: 7,
                returnId: 31,
                amount: 9000,
                amountPaise: 900000,
                method: 'original',
                status: 'processed',
                reference: 'rfnd_42',
                createdAt: '2026-11-29T06:00:00.000Z',
                processedAt: '2026-11-29T06:30:00.000Z',
              },
            }),
          ],
        }),
      },
    });
    setup(delivered({ paymentMethod: 'card', payment: { paymentMethod: 'card', status: 'paid' } }));
    const card = await screen.findByRole('article', { name: 'Return #31' });
    const link = within(card).getByRole('link', { name: 'Download credit note CN/26-27/000005' });
    expect(link.getAttribute('href')).toBe('/api/orders/7/credit-notes/5');
    expect(card.textContent).toContain('Refunded ₹9,000 on Sun, 29 Nov, 12:00 pm · Reference rfnd_42');
    expect(card.textContent).toContain('to the card or UPI account you paid from');
  });

  it('takes the courier and AWB of a parcel the shopper sends back themselves', async () => {
    let current = aRequest({ status: 'approved', pickup: null });
    const { calls } = fakeApi({
      'GET /orders/7/returns': () => ({ body: someReturns({ returns: [current] }) }),
      'POST /returns/31/pickup': (call) => {
        current = { ...current, pickup: call.body as ReturnRequest['pickup'] };
        return { body: current };
      },
    });
    const user = setup();
    const card = await screen.findByRole('article', { name: 'Return #31' });
    const form = within(card).getByRole('form', { name: 'Please send the parcel back to us' });
    await user.type(within(form).getByLabelText('Courier'), 'India Post');
    await user.type(within(form).getByLabelText('AWB number'), 'EK12');
    await user.click(within(form).getByRole('button', { name: 'I have shipped it' }));
    const awb = within(form).getByLabelText('AWB number');
    await waitFor(() => expect(document.activeElement).toBe(awb));
    expect(document.getElementById(awb.getAttribute('aria-describedby')!)?.textContent).toBe(
      'An AWB is 6 to 40 letters, digits or dashes',
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.type(awb, '3456789IN');
    await user.click(within(form).getByRole('button', { name: 'I have shipped it' }));
    await waitFor(() => expect(request().textContent).toContain('India Post · AWB EK123456789IN'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([
      ['/returns/31/pickup', { courierName: 'India Post', awb: 'EK123456789IN' }],
    ]);
    expect(within(request()).queryByRole('form')).toBeNull();
  });

  it('shows the server’s refusal of a shipped-back parcel in its words', async () => {
    fakeApi({
      'GET /orders/7/returns': { body: someReturns({ returns: [aRequest({ status: 'approved' })] }) },
      'POST /returns/31/pickup': {
        status: 409,
        body: { message: 'The shop has already booked a pickup for this return' },
      },
    });
    const user = setup();
    const card = await screen.findByRole('article', { name: 'Return #31' });
    await user.type(within(card).getByLabelText('Courier'), 'DTDC');
    await user.type(within(card).getByLabelText('AWB number'), 'D1234567');
    await user.click(within(card).getByRole('button', { name: 'I have shipped it' }));
    expect((await within(card).findByRole('alert')).textContent).toBe(
      'The shop has already booked a pickup for this return',
    );
  });

  it('opens the form, sends the request, then shows it and moves focus to it', async () => {
    const created = aRequest({ id: 32, createdAt: '2026-11-26T10:00:00.000Z' });
    let answered = false;
    const { calls } = fakeApi({
      'GET /orders/7/returns': () => ({
        body: answered
          ? someReturns({ returns: [created], returnable: [{ itemId: 1, quantity: 1 }] })
          : someReturns({ returnable: [{ itemId: 1, quantity: 2 }] }),
      }),
      'GET /products/1': { body: aProduct() },
      'POST /orders/7/returns': () => {
        answered = true;
        return { status: 201, body: created };
      },
    });
    const user = setup(
      delivered({ paymentMethod: 'card', payment: { paymentMethod: 'card', status: 'paid' } }),
    );
    await user.click(await screen.findByRole('button', { name: 'Return or exchange from order #7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return or exchange' });
    const item = within(dialog).getByRole('group', { name: /Kanjivaram Silk Saree/ });
    await user.click(within(item).getByRole('checkbox'));
    await user.selectOptions(within(item).getByLabelText('Reason'), 'Changed my mind');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Return #32' })),
    );
    expect(request(32).textContent).toContain('Requested');
    // Still something left to return: the button stays, and the list was read again.
    expect(screen.getByRole('button', { name: 'Return or exchange from order #7' })).toBeTruthy();
    await waitFor(() => expect(returnsCalls(calls).filter((c) => c.method === 'GET')).toHaveLength(2));
  });

  it('closes the form on Escape and gives focus back to its button', async () => {
    fakeApi({ 'GET /orders/7/returns': { body: someReturns() }, 'GET /products/1': { body: aProduct() } });
    const user = setup();
    const ask = await screen.findByRole('button', { name: 'Return or exchange from order #7' });
    await user.click(ask);
    await screen.findByRole('dialog', { name: 'Return or exchange' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(ask));
  });
});
