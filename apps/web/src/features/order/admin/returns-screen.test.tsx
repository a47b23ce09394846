import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Refund, ReturnRequest } from '@shop/shared/returns';
import { makeStore } from '../../../lib/store';
import { fakeApi, type FakeCall, type FakeReply } from '../../../test/fake-api';
import { ReturnsScreen } from './returns-screen';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));
afterEach(() => vi.unstubAllGlobals());
// jsdom lays nothing out: a new page scrolls the list's top into view.
beforeAll(() => void (Element.prototype.scrollIntoView = vi.fn()));

const PHOTO = `/uploads/${'a'.repeat(64)}.webp`;

function aReturn(over: Partial<ReturnRequest> = {}): ReturnRequest {
  return {
    id: 12,
    orderId: 5,
    status: 'requested',
    items: [
      {
        id: 1,
        itemId: 31,
        title: 'Kanjivaram Silk Saree',
        thumbnail: '/uploads/kanjivaram.webp',
        color: '#800000',
        sizeText: 'Free size',
        quantity: 1,
        reason: 'damaged',
        photos: [PHOTO],
        exchange: null,
      },
    ],
    refundTo: { upi: 'meera.iyer@okhdfc' },
    pickup: null,
    rejectReason: null,
    restocked: null,
    refundAmount: 2500,
    refundAmountPaise: 250_000,
    collectAmount: 0,
    creditNote: null,
    refund: null,
    exchangeOrderId: null,
    createdAt: '2026-11-20T06:30:00.000Z',
    updatedAt: '2026-11-20T06:30:00.000Z',
    events: [{ status: 'requested', at: '2026-11-20T06:30:00.000Z', note: null }],
    customerName: 'Meera Iyer',
    paymentMethod: 'cash',
    ...over,
  };
}

const aTransfer = (over: Partial<Refund> = {}): Refund => ({
  id: 40,
  orderId: 5,
  returnId: 12,
  amount: 2500,
  amountPaise: 250_000,
  method: 'transfer',
  status: 'pending',
  reference: null,
  createdAt: '2026-11-24T06:30:00.000Z',
  processedAt: null,
  ...over,
});

const page = (returns: ReturnRequest[], total = returns.length) => ({
  body: { returns, total, page: 1, pages: Math.max(1, Math.ceil(total / 20)) },
});

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

/** The screen with a list per status (`GET /returns?status=…`), and the PATCH it sends. */
function show({
  lists,
  patch,
  isOwner = true,
  url = '/admin/returns',
  routes = {},
}: {
  lists: Partial<Record<string, ReturnRequest[]>>;
  patch?: (call: FakeCall) => FakeReply;
  isOwner?: boolean;
  url?: string;
  routes?: Record<string, FakeReply | ((call: FakeCall) => FakeReply)>;
}) {
  const api = fakeApi({
    'GET /returns': (call) => {
      const status = new URLSearchParams(call.url.split('?')[1]).get('status') ?? 'all';
      return page(lists[status] ?? []);
    },
    'PATCH /returns/12': (call) => patch?.(call) ?? { body: aReturn() },
    ...routes,
  });
  render(
    <Provider store={makeStore()}>
      <MemoryRouter initialEntries={[url]}>
        <ReturnsScreen isOwner={isOwner} />
        <Where />
      </MemoryRouter>
    </Provider>,
  );
  return { ...api, user: userEvent.setup() };
}

const gets = (calls: FakeCall[]) => calls.filter((c) => c.method === 'GET').map((c) => c.url);
const patches = (calls: FakeCall[]) => calls.filter((c) => c.method === 'PATCH').map((c) => [c.url, c.body]);
const card = (id = 12) => screen.findByRole('article', { name: `Return #${id}` });

describe('the Returns screen', () => {
  it('opens on the returns to approve, each with its order, shopper, items, photos and refund', async () => {
    const { calls } = show({
      lists: {
        requested: [
          aReturn({
            items: [
              aReturn().items[0]!,
              {
                ...aReturn().items[0]!,
                id: 2,
                itemId: 32,
                title: 'Banarasi Saree',
                reason: 'size',
                photos: [],
                sizeText: 'M',
                exchange: { color: '#000080', size: 'L', sizeText: 'L', variantId: 9 },
              },
            ],
          }),
        ],
      },
    });
    const article = await card();
    expect(gets(calls)).toEqual(['/returns?status=requested&page=1']);
    expect(screen.getByRole('tab', { name: 'To approve (1)', selected: true })).toBeTruthy();
    expect(within(article).getByRole('link', { name: 'Order #5' }).getAttribute('href')).toBe(
      '/admin/order-detail?id=5',
    );
    const text = article.textContent!;
    expect(text).toContain('Meera Iyer');
    expect(text).toContain('Cash on delivery');
    expect(text).toContain('Kanjivaram Silk Saree');
    expect(text).toContain('Size Free size');
    expect(text).toContain('Qty 1');
    expect(text).toContain('Arrived damaged');
    expect(text).toContain('Wrong size or fit');
    expect(text).toContain('Exchange for');
    expect(text).toContain('size L');
    expect(text).toContain('₹2,500');
    // The owner pays the transfer: the UPI ID is shown whole.
    expect(text).toContain('meera.iyer@okhdfc');
    const photo = within(article).getByRole('link', { name: /Photo 1, full size/ });
    expect(photo.getAttribute('href')).toBe(PHOTO);
    expect(photo.getAttribute('target')).toBe('_blank');
    expect(within(article).getByRole('button', { name: 'Approve, return #12' })).toBeTruthy();
    expect(within(article).getByRole('button', { name: 'Reject, return #12' })).toBeTruthy();
  });

  it('filters by status in tabs kept in the address, and says when one is empty', async () => {
    const pickup = aReturn({
      id: 13,
      status: 'approved',
      pickup: { courierName: 'Delhivery', awb: 'DLV12345678' },
    });
    const owed = aReturn({ id: 14, status: 'received', refund: aTransfer({ returnId: 14 }) });
    const cardPending = aReturn({
      id: 15,
      status: 'received',
      paymentMethod: 'card',
      refundTo: null,
      refund: aTransfer({ id: 41, returnId: 15, method: 'original' }),
    });
    const { calls, user } = show({
      lists: { approved: [pickup], received: [owed, cardPending], all: [pickup, owed] },
    });
    expect(await screen.findByText('No return is waiting for your approval.')).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: /^Pickups/ }));
    const pickupCard = await card(13);
    expect(pickupCard.textContent).toContain('AWB DLV12345678');
    expect(screen.getByTestId('where').textContent).toBe('/admin/returns?tab=approved');

    await user.click(screen.getByRole('tab', { name: /^Received/ }));
    await card(15);
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect((await card(15)).textContent).toContain('Under way with the payment provider');

    await user.click(screen.getByRole('tab', { name: 'Refunds owed' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.getByRole('article', { name: 'Return #14' })).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: /^All/ }));
    await card(13);
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(gets(calls)).toEqual([
      '/returns?status=requested&page=1',
      '/returns?status=approved&page=1',
      // Refunds owed are the received returns still to pay: the same list, read once.
      '/returns?status=received&page=1',
      '/returns?page=1',
    ]);
  });

  it('pages through a long list', async () => {
    const { calls, user } = show({
      lists: {},
      url: '/admin/returns?tab=approved',
      routes: {
        'GET /returns': (call) => {
          const second = call.url.includes('page=2');
          return {
            body: { returns: [aReturn({ id: second ? 60 : 12 })], total: 45, page: second ? 2 : 1, pages: 3 },
          };
        },
      },
    });
    await card(12);
    expect(screen.getByRole('tab', { name: /^Pickups/ }).textContent).toContain('45');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await card(60);
    expect(gets(calls)).toEqual(['/returns?status=approved&page=1', '/returns?status=approved&page=2']);
    expect(screen.getByTestId('where').textContent).toBe('/admin/returns?tab=approved&page=2');
  });

  it('approves with the reverse pickup’s courier and AWB, or with none', async () => {
    const { calls, user } = show({
      lists: { requested: [aReturn()] },
      patch: () => ({ body: aReturn({ status: 'approved' }) }),
    });
    await user.click(within(await card()).getByRole('button', { name: 'Approve, return #12' }));
    let dialog = await screen.findByRole('dialog', { name: 'Approve return #12?' });
    await user.type(within(dialog).getByLabelText('Pickup courier (optional)'), ' Delhivery ');
    await user.type(within(dialog).getByLabelText('Pickup AWB (optional)'), 'DLV12345678');
    await user.click(within(dialog).getByRole('button', { name: 'Approve return' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(await card()).getByRole('button', { name: 'Approve, return #12' }));
    dialog = await screen.findByRole('dialog', { name: 'Approve return #12?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve return' }));
    await waitFor(() => expect(patches(calls)).toHaveLength(2));
    expect(patches(calls)).toEqual([
      ['/returns/12', { status: 'approved', pickup: { courierName: 'Delhivery', awb: 'DLV12345678' } }],
      ['/returns/12', { status: 'approved' }],
    ]);
  });

  it('asks for the whole pickup when only half of it is typed', async () => {
    const { calls, user } = show({ lists: { requested: [aReturn()] } });
    await user.click(within(await card()).getByRole('button', { name: 'Approve, return #12' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Pickup AWB (optional)'), 'DLV12345678');
    await user.click(within(dialog).getByRole('button', { name: 'Approve return' }));
    expect(within(dialog).getByText('Enter the courier’s name')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Pickup courier (optional)'));
    expect(patches(calls)).toEqual([]);
  });

  it('rejects only with a reason, and sends it', async () => {
    const { calls, user } = show({
      lists: { requested: [aReturn()] },
      patch: () => ({ body: aReturn({ status: 'rejected', rejectReason: 'Worn and washed' }) }),
    });
    await user.click(within(await card()).getByRole('button', { name: 'Reject, return #12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject return #12?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject return' }));
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('Give a reason')).toBeTruthy();
    expect(patches(calls)).toEqual([]);

    await user.type(reason, '  Worn and washed  ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject return' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patches(calls)).toEqual([['/returns/12', { status: 'rejected', reason: 'Worn and washed' }]]);
  });

  it.each([
    [
      'Accept and restock',
      'Accept return #12 and restock?',
      { status: 'received', accept: true, restock: true },
    ],
    [
      'Accept without restocking',
      'Accept return #12 without restocking?',
      { status: 'received', accept: true, restock: false },
    ],
  ] as const)('receives a parcel: %s, after saying where the money goes', async (button, title, body) => {
    const { calls, user } = show({
      lists: { approved: [aReturn({ status: 'approved' })] },
      url: '/admin/returns?tab=approved',
      patch: () => ({ body: aReturn({ status: 'received', restocked: body.restock }) }),
    });
    await user.click(within(await card()).getByRole('button', { name: `${button}, return #12` }));
    const dialog = await screen.findByRole('dialog', { name: title });
    expect(dialog.textContent).toContain(
      'You then owe ₹2,500 to meera.iyer@okhdfc, by UPI or bank transfer.',
    );
    expect(patches(calls)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: button }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patches(calls)).toEqual([['/returns/12', body]]);
  });

  it('says a card order’s refund goes back through the provider on receipt', async () => {
    const { user } = show({
      lists: { approved: [aReturn({ status: 'approved', paymentMethod: 'card', refundTo: null })] },
      url: '/admin/returns?tab=approved',
    });
    await user.click(within(await card()).getByRole('button', { name: 'Accept and restock, return #12' }));
    expect((await screen.findByRole('dialog')).textContent).toContain(
      '₹2,500 is refunded to the shopper’s card or UPI through your payment provider.',
    );
  });

  it('refuses a parcel on inspection with a reason', async () => {
    const { calls, user } = show({
      lists: { approved: [aReturn({ status: 'approved' })] },
      url: '/admin/returns?tab=approved',
      patch: () => ({ body: aReturn({ status: 'rejected', rejectReason: 'Tag removed' }) }),
    });
    await user.click(within(await card()).getByRole('button', { name: 'Refuse, return #12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuse return #12?' });
    await user.click(within(dialog).getByRole('button', { name: 'Refuse return' }));
    expect(within(dialog).getByText('Give a reason')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Tag removed');
    await user.click(within(dialog).getByRole('button', { name: 'Refuse return' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patches(calls)).toEqual([
      ['/returns/12', { status: 'received', accept: false, reason: 'Tag removed' }],
    ]);
  });

  it('marks a cash order’s transfer done with its reference, the owner only', async () => {
    const owed = aReturn({ status: 'received', refund: aTransfer() });
    const { calls, user } = show({
      lists: { received: [owed] },
      url: '/admin/returns?tab=owed',
      patch: () => ({ body: { ...owed, status: 'refunded' } }),
    });
    await user.click(within(await card()).getByRole('button', { name: 'Mark transfer done, return #12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark the transfer of ₹2,500 done?' });
    expect(dialog.textContent).toContain('Pay ₹2,500 to meera.iyer@okhdfc first');
    await user.click(within(dialog).getByRole('button', { name: 'Mark transfer done' }));
    expect(within(dialog).getByText('Enter the transfer’s reference')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Transfer reference'), 'UTR4455667788');
    await user.click(within(dialog).getByRole('button', { name: 'Mark transfer done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patches(calls)).toEqual([['/returns/12', { status: 'refunded', reference: 'UTR4455667788' }]]);
  });

  it('shows staff that a transfer is owed, without the button', async () => {
    show({
      lists: { received: [aReturn({ status: 'received', refund: aTransfer() })] },
      url: '/admin/returns?tab=owed',
      isOwner: false,
    });
    const article = await card();
    expect(within(article).queryByRole('button', { name: /Mark transfer done/ })).toBeNull();
    expect(article.textContent).toContain('The owner marks the transfer done once it is paid.');
  });

  it('keeps the dialog open with the server’s refusal', async () => {
    const message = 'This return was approved by someone else';
    const { user } = show({
      lists: { requested: [aReturn()] },
      patch: () => ({ status: 409, body: { message } }),
    });
    await user.click(within(await card()).getByRole('button', { name: 'Approve, return #12' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Approve return' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('links the credit note and the exchange order once issued', async () => {
    show({
      lists: {
        all: [
          aReturn({
            status: 'refunded',
            creditNote: {
              id: 7,
              number: 'CN/26-27/000003',
              issuedAt: '2026-11-25T06:00:00.000Z',
              total: 2500,
            },
            exchangeOrderId: 77,
            refund: aTransfer({
              status: 'processed',
              reference: 'UTR4455667788',
              processedAt: '2026-11-25T07:00:00.000Z',
            }),
          }),
        ],
      },
      url: '/admin/returns?tab=all',
    });
    const article = await card();
    expect(
      within(article)
        .getByRole('link', { name: /Credit note CN\/26-27\/000003/ })
        .getAttribute('href'),
    ).toBe('/api/orders/5/credit-notes/7');
    expect(
      within(article)
        .getByRole('link', { name: /Exchange order #77/ })
        .getAttribute('href'),
    ).toBe('/admin/order-detail?id=77');
    expect(article.textContent).toContain('Ref. UTR4455667788');
    expect(within(article).queryByRole('button')).toBeNull();
  });

  it('shows one order’s returns from the order’s page link', async () => {
    const { calls } = show({
      lists: {},
      url: '/admin/returns?order=5',
      routes: {
        'GET /orders/5/returns': {
          body: { returns: [aReturn()], returnBy: null, returnable: [], creditNotes: [], refunds: [] },
        },
      },
    });
    await card();
    expect(screen.getByRole('heading', { name: 'Returns of order #5' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All returns' }).getAttribute('href')).toBe('/admin/returns');
    expect(gets(calls)).toEqual(['/orders/5/returns']);
  });
});
