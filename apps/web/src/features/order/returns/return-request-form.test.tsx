import { Provider } from 'react-redux';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@shop/shared/order';
import type { ProductVariant } from '@shop/shared/sizes';
import type { OrderReturns, ReturnRequest } from '@shop/shared/returns';
import { makeStore } from '../../../lib/store';
import { aProduct, anOrder } from '../../../test/commerce-fixtures';
import { fakeApi, type FakeCall } from '../../../test/fake-api';
import ReturnRequestForm from './return-request-form';

afterEach(() => vi.unstubAllGlobals());

const PHOTO = `/uploads/${'a'.repeat(64)}.webp`;
const delivered = (over: Partial<Order> = {}) => anOrder({ id: 7, status: 'delivered', ...over });

function aVariant(over: Partial<ProductVariant>): ProductVariant {
  return {
    id: 1,
    sku: null,
    color: '#7a1f2b',
    size: '216',
    stock: 3,
    price: null,
    discountedPrice: 9000,
    ...over,
  };
}

function aRequest(over: Partial<ReturnRequest> = {}): ReturnRequest {
  return {
    id: 31,
    orderId: 7,
    status: 'requested',
    items: [],
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

function setup(
  order: Order = delivered(),
  returnable: OrderReturns['returnable'] = [{ itemId: 1, quantity: 2 }],
) {
  const onRequested = vi.fn();
  const onClose = vi.fn();
  render(
    <Provider store={makeStore()}>
      <ReturnRequestForm
        order={order}
        returnable={returnable}
        returnBy="2026-11-28"
        open
        onClose={onClose}
        onRequested={onRequested}
      />
    </Provider>,
  );
  return { onRequested, onClose, user: userEvent.setup() };
}

const posts = (calls: FakeCall[], url: string) => calls.filter((c) => c.method === 'POST' && c.url === url);
const item = () => screen.getByRole('group', { name: /Kanjivaram Silk Saree/ });
const photo = (name = 'torn-pallu.jpg') => new File(['jpeg bytes'], name, { type: 'image/jpeg' });

describe('ReturnRequestForm', () => {
  it('uploads a photo, then posts the item, quantity, reason, photo and a cash order’s UPI ID', async () => {
    const { calls } = fakeApi({
      'POST /returns/photos': { status: 201, body: { url: PHOTO } },
      'GET /products/1': { body: aProduct() },
      'POST /orders/7/returns': { status: 201, body: aRequest() },
    });
    const { user, onRequested } = setup();
    const dialog = await screen.findByRole('dialog', { name: 'Return or exchange' });
    expect(dialog.textContent).toContain('Order #7 · ask by Sat, 28 Nov');
    // Focus starts on the first item, so the keyboard can begin at once.
    expect(document.activeElement).toBe(within(item()).getByRole('checkbox'));
    await user.keyboard(' ');
    await user.selectOptions(within(item()).getByLabelText('Quantity'), '2');
    await user.selectOptions(within(item()).getByLabelText('Reason'), 'Arrived damaged');
    await user.upload(within(item()).getByLabelText(/^Photos/), photo());
    expect(await within(item()).findByRole('img', { name: 'Photo 1 of Kanjivaram Silk Saree' })).toBeTruthy();
    expect(posts(calls, '/returns/photos')).toHaveLength(1);

    await user.type(screen.getByLabelText('UPI ID'), ' meera@okaxis ');
    await user.click(screen.getByRole('button', { name: 'Send request' }));

    await waitFor(() => expect(onRequested).toHaveBeenCalledWith(aRequest()));
    expect(posts(calls, '/orders/7/returns').map((c) => c.body)).toEqual([
      {
        items: [{ itemId: 1, quantity: 2, reason: 'damaged', photos: [PHOTO], exchange: null }],
        refundTo: { upi: 'meera@okaxis' },
      },
    ]);
  });

  it('asks for a photo of the damage and posts nothing until one is added; a photo can be removed', async () => {
    const { calls } = fakeApi({
      'POST /returns/photos': { status: 201, body: { url: PHOTO } },
      'GET /products/1': { body: aProduct() },
    });
    const { user } = setup(
      delivered({ paymentMethod: 'card', payment: { paymentMethod: 'card', status: 'paid' } }),
    );
    await user.click(within(item()).getByRole('checkbox'));
    await user.selectOptions(within(item()).getByLabelText('Reason'), 'Arrived damaged');
    await user.click(screen.getByRole('button', { name: 'Send request' }));

    const input = within(item()).getByLabelText(/^Photos/);
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Add a photo of the damage',
    );
    expect(posts(calls, '/orders/7/returns')).toEqual([]);

    await user.upload(input, photo());
    await user.click(await within(item()).findByRole('button', { name: 'Remove photo 1' }));
    expect(within(item()).queryByRole('img', { name: /Photo 1/ })).toBeNull();
    expect(document.activeElement).toBe(input);
  });

  it('shows a photo the server refused in its words, beside the photo field', async () => {
    fakeApi({
      'POST /returns/photos': { status: 415, body: { message: 'Send a JPEG, PNG or WebP photo' } },
      'GET /products/1': { body: aProduct() },
    });
    const { user } = setup();
    await user.click(within(item()).getByRole('checkbox'));
    const input = within(item()).getByLabelText(/^Photos/);
    await user.upload(input, photo());
    await waitFor(() =>
      expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe(
        'Send a JPEG, PNG or WebP photo',
      ),
    );
  });

  it('offers an exchange only for other variants in stock, and posts the one chosen without a refund destination', async () => {
    const { calls } = fakeApi({
      'GET /products/1': {
        body: aProduct({
          variants: [
            aVariant({ id: 11, color: '#7a1f2b', size: '216', stock: 4 }), // the one bought
            aVariant({ id: 12, color: '#7a1f2b', size: '244', stock: 0 }),
            aVariant({ id: 13, color: '#e0a526', size: '216', stock: 2 }),
            aVariant({
              id: 14,
              color: '#E0A526',
              size: '244',
              stock: 1,
              price: 12500,
              discountedPrice: 9400,
            }),
          ],
        }),
      },
      'POST /orders/7/returns': { status: 201, body: aRequest({ refundAmount: 0 }) },
    });
    const { user, onRequested } = setup();
    await user.click(within(item()).getByRole('checkbox'));
    const exchange = await within(item()).findByRole('radio', { name: 'Exchange for another size/colour' });
    await waitFor(() => expect((exchange as HTMLInputElement).disabled).toBe(false));
    await user.click(exchange);

    const target = within(item()).getByLabelText('Exchange for') as HTMLSelectElement;
    expect([...target.options].map((o) => o.textContent)).toEqual(['Gold, 216 in', 'Gold, 244 in · ₹9,400']);
    await user.selectOptions(target, 'Gold, 244 in · ₹9,400');
    expect(item().textContent).toContain(
      '₹400 more than you paid each: you pay the difference when the exchange is delivered.',
    );
    await user.selectOptions(within(item()).getByLabelText('Reason'), 'Wrong size or fit');
    // Nothing to refund on a cash order: no destination is asked for.
    expect(screen.queryByRole('group', { name: 'Where should we send your refund?' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send request' }));

    await waitFor(() => expect(onRequested).toHaveBeenCalled());
    expect(posts(calls, '/orders/7/returns').map((c) => c.body)).toEqual([
      {
        items: [
          { itemId: 1, quantity: 1, reason: 'size', photos: [], exchange: { color: '#e0a526', size: '244' } },
        ],
      },
    ]);
  });

  it('offers a product without variants for a refund only', async () => {
    fakeApi({ 'GET /products/1': { body: aProduct({ variants: [] }) } });
    const { user } = setup();
    await user.click(within(item()).getByRole('checkbox'));
    const exchange = within(item()).getByRole('radio', { name: /Exchange for another size\/colour/ });
    await waitFor(() => expect(item().textContent).toContain('This item can be returned for a refund only.'));
    expect((exchange as HTMLInputElement).disabled).toBe(true);
    expect(document.getElementById(exchange.getAttribute('aria-describedby')!)?.textContent).toBe(
      'This item can be returned for a refund only.',
    );
  });

  it('asks a cash order where to send the refund, and refuses a bad IFSC before posting', async () => {
    const { calls } = fakeApi({
      'GET /products/1': { body: aProduct() },
      'POST /orders/7/returns': { status: 201, body: aRequest() },
    });
    const { user, onRequested } = setup();
    await user.click(within(item()).getByRole('checkbox'));
    await user.selectOptions(within(item()).getByLabelText('Reason'), 'Changed my mind');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    const upi = screen.getByLabelText('UPI ID');
    await waitFor(() => expect(document.activeElement).toBe(upi));
    expect(document.getElementById(upi.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Enter a UPI ID such as name@bank',
    );

    const where = screen.getByRole('group', { name: 'Where should we send your refund?' });
    await user.click(within(where).getByRole('radio', { name: 'Bank account' }));
    await user.type(screen.getByLabelText('Account number'), '123456789012');
    await user.type(screen.getByLabelText('IFSC'), 'SBIN123');
    await user.type(screen.getByLabelText('Account holder’s name'), 'Meera Iyer');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    const ifsc = screen.getByLabelText('IFSC');
    await waitFor(() => expect(document.activeElement).toBe(ifsc));
    expect(document.getElementById(ifsc.getAttribute('aria-describedby')!)?.textContent).toBe(
      'An IFSC is 11 characters, such as SBIN0001234',
    );
    expect(posts(calls, '/orders/7/returns')).toEqual([]);

    await user.clear(ifsc);
    await user.type(ifsc, 'sbin0001234');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(onRequested).toHaveBeenCalled());
    expect(posts(calls, '/orders/7/returns').map((c) => c.body)).toEqual([
      {
        items: [{ itemId: 1, quantity: 1, reason: 'changed_mind', photos: [], exchange: null }],
        refundTo: { accountNumber: '123456789012', ifsc: 'SBIN0001234', name: 'Meera Iyer' },
      },
    ]);
  });

  it('tells a card order its refund goes back to its payment, and asks for no destination', async () => {
    const { calls } = fakeApi({
      'GET /products/1': { body: aProduct() },
      'POST /orders/7/returns': { status: 201, body: aRequest() },
    });
    const { user } = setup(
      delivered({ paymentMethod: 'card', payment: { paymentMethod: 'card', status: 'paid' } }),
    );
    await user.click(within(item()).getByRole('checkbox'));
    await user.selectOptions(within(item()).getByLabelText('Reason'), 'Not as described');
    expect(screen.getByRole('dialog').textContent).toContain(
      'Your refund goes back to the card or UPI account you paid from.',
    );
    expect(screen.queryByLabelText('UPI ID')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(posts(calls, '/orders/7/returns')).toHaveLength(1));
    expect(posts(calls, '/orders/7/returns')[0]!.body).toEqual({
      items: [{ itemId: 1, quantity: 1, reason: 'not_as_described', photos: [], exchange: null }],
    });
  });

  it('asks for an item and a reason before posting', async () => {
    const { calls } = fakeApi({ 'GET /products/1': { body: aProduct() } });
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose what to return');
    await user.click(within(item()).getByRole('checkbox'));
    expect(screen.queryByRole('alert')).toBeNull();
    await user.type(screen.getByLabelText('UPI ID'), 'meera@okaxis');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    const reason = within(item()).getByLabelText('Reason');
    await waitFor(() => expect(document.activeElement).toBe(reason));
    expect(document.getElementById(reason.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Choose a reason',
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('lists only what can still be returned, up to the quantity left', async () => {
    fakeApi({ 'GET /products/1': { body: aProduct() } });
    const order = delivered({
      items: [
        { ...anOrder().items[0]!, id: 1, quantity: 3 },
        {
          ...anOrder().items[0]!,
          id: 2,
          product: { ...anOrder().items[0]!.product, id: 2, title: 'Stitched Blouse' },
        },
      ],
    });
    const { user } = setup(order, [
      { itemId: 1, quantity: 2, reason: 'asked' },
      { itemId: 2, quantity: 0, reason: 'non_returnable' },
    ]);
    expect(screen.queryByRole('group', { name: /Stitched Blouse/ })).toBeNull();
    expect(item().textContent).toContain('2 of 3 can be returned');
    await user.click(within(item()).getByRole('checkbox'));
    const quantity = within(item()).getByLabelText('Quantity') as HTMLSelectElement;
    expect([...quantity.options].map((o) => o.value)).toEqual(['1', '2']);
  });

  it('shows the server’s refusal in the form and keeps it open', async () => {
    fakeApi({
      'GET /products/1': { body: aProduct() },
      'POST /orders/7/returns': {
        status: 409,
        body: { message: 'The return window for this order closed on 28 Nov' },
      },
    });
    const { user, onRequested, onClose } = setup(
      delivered({ paymentMethod: 'card', payment: { paymentMethod: 'card', status: 'paid' } }),
    );
    await user.click(within(item()).getByRole('checkbox'));
    await user.selectOptions(within(item()).getByLabelText('Reason'), 'Colour looks different');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The return window for this order closed on 28 Nov',
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(onRequested).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });
});
