import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router';
import { toast } from 'react-toastify';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Promotion, PromotionDetail } from '@shop/shared/promotions';
import { makeStore } from '../../../lib/store';
import { fakeApi, type FakeCall, type FakeReply } from '../../../test/fake-api';
import { PromotionsScreen } from './promotions-screen';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));
// jsdom lays nothing out: a new page scrolls the list's top into view.
beforeAll(() => void (Element.prototype.scrollIntoView = vi.fn()));
// 25 Oct 2026, 5:30 pm in India: the Diwali sale is running. Only Date is faked, so timers still run.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-10-25T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function aPromotion(over: Partial<Promotion> = {}): Promotion {
  return {
    id: 5,
    name: 'Diwali Sale',
    kind: 'percent',
    value: 20,
    appliesTo: 'order',
    code: null,
    batchCodes: 0,
    startsAt: '2026-10-19T18:30:00.000Z',
    endsAt: '2026-11-03T18:29:00.000Z',
    minOrderRupees: 0,
    usageLimit: null,
    budgetRupees: null,
    perCustomerLimit: null,
    newCustomersOnly: false,
    priority: 0,
    exclusive: false,
    target: { categories: ['Silk Sarees'], brands: [], productIds: [] },
    buyQuantity: null,
    getQuantity: null,
    getPercent: null,
    maxApplications: null,
    enabled: true,
    figures: { uses: 42, revenueRupees: 124_999, discountRupees: 12_500 },
    createdAt: '2026-10-01T05:00:00.000Z',
    ...over,
  };
}

const detail = (over: Partial<PromotionDetail> = {}): PromotionDetail => ({ ...aPromotion(), days: [], ...over });

const CATEGORIES = [
  { value: 'Silk Sarees', label: 'Silk Sarees' },
  { value: 'Cotton Sarees', label: 'Cotton Sarees' },
];
const BRANDS = [{ value: 'Nalli', label: 'Nalli' }];

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

function show(url: string, routes: Record<string, FakeReply | ((call: FakeCall) => FakeReply)>) {
  const api = fakeApi(routes);
  render(
    <Provider store={makeStore()}>
      <MemoryRouter initialEntries={[url]}>
        <PromotionsScreen categories={CATEGORIES} brands={BRANDS} />
        <Where />
      </MemoryRouter>
    </Provider>,
  );
  return { ...api, user: userEvent.setup() };
}

const sent = (calls: FakeCall[], method: string) =>
  calls.filter((c) => c.method === method).map((c) => [c.url, c.body]);

const LIST = [
  aPromotion(),
  aPromotion({
    id: 4,
    name: 'Wedding Season',
    kind: 'fixed',
    value: 500,
    appliesTo: 'each',
    code: 'WEDDING500',
    startsAt: '2026-04-30T18:30:00.000Z',
    endsAt: '2026-06-30T18:29:00.000Z',
    figures: { uses: 7, revenueRupees: 63_000, discountRupees: 3_500 },
  }),
  aPromotion({ id: 3, name: 'Holi Colours', startsAt: '2027-02-28T18:30:00.000Z', endsAt: null, figures: { uses: 0, revenueRupees: 0, discountRupees: 0 } }),
  aPromotion({ id: 2, name: 'Free Shipping Week', kind: 'free_shipping', value: 0, enabled: false, endsAt: null }),
];

describe('the Promotions list', () => {
  it('shows each promotion’s kind, code, dates in India’s time, status and figures', async () => {
    const { calls } = show('/admin/promotions', { 'GET /promotions': { body: { promotions: LIST, total: 4 } } });
    const table = await screen.findByRole('table', { name: 'Promotions' });
    // Each row's cells but the last (its buttons): name and offer, kind, code, when, status, uses, revenue, discount.
    const cells = (name: string) =>
      [...within(table).getByRole('link', { name }).closest('tr')!.cells].slice(0, -1).map((c) => c.textContent);

    expect(cells('Diwali Sale')).toEqual([
      'Diwali Sale20 % off',
      'Percentage off',
      'Automatic',
      '20 Oct 2026, 12:00 am – 3 Nov 2026, 11:59 pm',
      'Live',
      '42',
      '₹1,24,999',
      '₹12,500',
    ]);
    expect(cells('Wedding Season')).toEqual([
      'Wedding Season₹500 off each item',
      'Amount off',
      'WEDDING500',
      '1 May 2026, 12:00 am – 30 Jun 2026, 11:59 pm',
      'Ended',
      '7',
      '₹63,000',
      '₹3,500',
    ]);
    expect(cells('Holi Colours').slice(3, 5)).toEqual(['1 Mar 2027, 12:00 am – no end', 'Scheduled']);
    // Off wins over its dates.
    expect(cells('Free Shipping Week').slice(1, 5)).toEqual([
      'Free shipping',
      'Automatic',
      '20 Oct 2026, 12:00 am – no end',
      'Off',
    ]);

    expect(within(table).getByRole('link', { name: 'Diwali Sale' }).getAttribute('href')).toBe('/admin/promotions?id=5');
    expect(calls.map((c) => c.url)).toEqual(['/promotions']);
  });

  it('shows cards on a phone, and pages through 20 at a time', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    const { calls, user } = show('/admin/promotions', {
      'GET /promotions': (call) => ({
        body: { promotions: call.url.includes('page=2') ? [LIST[1]!] : [LIST[0]!], total: 21 },
      }),
    });
    const card = await screen.findByRole('article', { name: 'Diwali Sale' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(card).getByText('₹1,24,999')).toBeTruthy();
    expect(within(card).getByText('Live')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('article', { name: 'Wedding Season' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/admin/promotions?page=2');
    expect(calls.map((c) => c.url)).toEqual(['/promotions', '/promotions?page=2']);
  });

  it('shows the server’s refusal when a used promotion cannot be deleted, and offers to switch it off', async () => {
    const REFUSED = 'Orders have used this promotion: switch it off instead';
    const { calls, user } = show('/admin/promotions', {
      'GET /promotions': { body: { promotions: LIST, total: 4 } },
      'DELETE /promotions/5': { status: 409, body: { message: REFUSED } },
      'PATCH /promotions/5': { body: aPromotion({ enabled: false }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Diwali Sale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Diwali Sale”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(REFUSED);
    expect(sent(calls, 'DELETE')).toEqual([['/promotions/5', undefined]]);
    expect(toast.success).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Switch it off' }));
    await waitFor(() => expect(sent(calls, 'PATCH')).toEqual([['/promotions/5', { enabled: false }]]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toast.success).toHaveBeenCalledWith('Promotion switched off');
  });

  it('deletes one never used, and reads the list again', async () => {
    const { calls, user } = show('/admin/promotions', {
      'GET /promotions': { body: { promotions: LIST, total: 4 } },
      'DELETE /promotions/3': { status: 204 },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Holi Colours' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Promotion deleted'));
    await waitFor(() => expect(calls.filter((c) => c.url === '/promotions')).toHaveLength(2));
  });

  it('switches a promotion on from the list', async () => {
    const { calls, user } = show('/admin/promotions', {
      'GET /promotions': { body: { promotions: LIST, total: 4 } },
      'PATCH /promotions/2': { body: { ...LIST[3]!, enabled: true } },
    });
    await user.click(await screen.findByRole('button', { name: 'Switch on Free Shipping Week' }));
    await waitFor(() => expect(sent(calls, 'PATCH')).toEqual([['/promotions/2', { enabled: true }]]));
    expect(toast.success).toHaveBeenCalledWith('Promotion switched on');
  });
});

describe('the promotion form', () => {
  const created = (call: FakeCall): FakeReply => ({ status: 201, body: { ...aPromotion(), ...(call.body as object), id: 7 } });

  it('creates a Diwali sale: 20 % off Silk Sarees, automatic, from today at midnight in India', async () => {
    // 20 Oct 2026, 1:30 am in India (still the 19th in UTC): "today" is India's.
    vi.setSystemTime(new Date('2026-10-19T20:00:00Z'));
    const { calls, user } = show('/admin/promotions?new=1', { 'POST /promotions': created });
    const form = await screen.findByRole('form', { name: 'New promotion' });
    expect((within(form).getByLabelText('Starts on') as HTMLInputElement).value).toBe('2026-10-20');
    expect((within(form).getByLabelText('Start time') as HTMLInputElement).value).toBe('00:00');

    await user.type(within(form).getByLabelText('Name'), 'Diwali Sale');
    expect((within(form).getByLabelText('Kind') as HTMLSelectElement).value).toBe('percent');
    await user.type(within(form).getByLabelText('Percent off (%)'), '20');
    await user.type(within(form).getByLabelText('Ends on'), '2026-11-03');
    await user.click(within(form).getByLabelText('Chosen categories, brands or products'));
    await user.click(within(form).getByLabelText('Silk Sarees'));
    await user.click(within(form).getByRole('button', { name: 'Create promotion' }));

    await waitFor(() => expect(sent(calls, 'POST')).toHaveLength(1));
    expect(sent(calls, 'POST')[0]).toEqual([
      '/promotions',
      {
        name: 'Diwali Sale',
        kind: 'percent',
        value: 20,
        appliesTo: 'order',
        code: null,
        startsAt: '2026-10-20T00:00:00+05:30',
        endsAt: '2026-11-03T23:59:00+05:30',
        minOrderRupees: 0,
        usageLimit: null,
        budgetRupees: null,
        perCustomerLimit: null,
        newCustomersOnly: false,
        priority: 0,
        exclusive: false,
        target: { categories: ['Silk Sarees'], brands: [], productIds: [] },
        buyQuantity: null,
        getQuantity: null,
        getPercent: null,
        maxApplications: null,
        enabled: true,
      },
    ]);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin/promotions?id=7'));
    expect(toast.success).toHaveBeenCalledWith('Promotion created');
  });

  it('makes a buy 2 get 1 free with a code, without a value, in capitals', async () => {
    const { calls, user } = show('/admin/promotions?new=1', { 'POST /promotions': created });
    const form = await screen.findByRole('form', { name: 'New promotion' });
    await user.type(within(form).getByLabelText('Name'), 'Buy 2 get 1');
    await user.selectOptions(within(form).getByLabelText('Kind'), 'buy_x_get_y');
    expect(within(form).queryByLabelText(/off \(/)).toBeNull();
    await user.type(within(form).getByLabelText('Buy (pieces)'), '2');
    await user.type(within(form).getByLabelText('Get (pieces)'), '1');
    expect((within(form).getByLabelText('Get … % off') as HTMLInputElement).value).toBe('100');
    await user.click(within(form).getByLabelText(/With a code/));
    await user.type(within(form).getByLabelText('Code'), 'bogo-silk');
    expect((within(form).getByLabelText('Code') as HTMLInputElement).value).toBe('BOGO-SILK');
    await user.click(within(form).getByRole('button', { name: 'Create promotion' }));

    await waitFor(() => expect(sent(calls, 'POST')).toHaveLength(1));
    expect(sent(calls, 'POST')[0]![1]).toMatchObject({
      kind: 'buy_x_get_y',
      value: 0,
      code: 'BOGO-SILK',
      buyQuantity: 2,
      getQuantity: 1,
      getPercent: 100,
      maxApplications: null,
      target: null,
    });
  });

  it('shows each field’s message from the shared schema and sends nothing', async () => {
    const { calls, user } = show('/admin/promotions?new=1', {});
    const form = await screen.findByRole('form', { name: 'New promotion' });
    await user.type(within(form).getByLabelText('Percent off (%)'), '150');
    await user.click(within(form).getByLabelText(/With a code/));
    await user.type(within(form).getByLabelText('Code'), 'ab');
    await user.type(within(form).getByLabelText('Ends on'), '2026-10-01');
    await user.click(within(form).getByLabelText('Chosen categories, brands or products'));
    await user.click(within(form).getByRole('button', { name: 'Create promotion' }));

    const name = within(form).getByLabelText('Name');
    expect(await within(form).findByText('Give the promotion a name')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(name);
    expect(within(form).getByText('A percentage is more than 0 and at most 100')).toBeTruthy();
    expect(within(form).getByText('A code is 3 to 40 letters, digits, - or _')).toBeTruthy();
    expect(within(form).getByText('It must end after it starts')).toBeTruthy();
    expect(
      within(form).getByText('Choose a category, a brand or a product, or let it cover everything'),
    ).toBeTruthy();
    expect(calls).toEqual([]);

    // A field's message goes as soon as it is typed in again.
    await user.type(name, 'Diwali Sale');
    expect(within(form).queryByText('Give the promotion a name')).toBeNull();
  });

  it('shows the server’s message when it refuses the promotion', async () => {
    const { user } = show('/admin/promotions?new=1', {
      'POST /promotions': { status: 409, body: { message: 'Another promotion has the code DIWALI20' } },
    });
    const form = await screen.findByRole('form', { name: 'New promotion' });
    await user.type(within(form).getByLabelText('Name'), 'Diwali Sale');
    await user.type(within(form).getByLabelText('Percent off (%)'), '20');
    await user.click(within(form).getByLabelText(/With a code/));
    await user.type(within(form).getByLabelText('Code'), 'diwali20');
    await user.click(within(form).getByRole('button', { name: 'Create promotion' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Another promotion has the code DIWALI20');
    expect(screen.getByTestId('where').textContent).toBe('/admin/promotions?new=1');
  });

  it('edits a promotion with its saved values, sending only what changed', async () => {
    const { calls, user } = show('/admin/promotions?id=5&edit=1', {
      'GET /promotions/5': { body: detail() },
      'PATCH /promotions/5': (call) => ({ body: { ...aPromotion(), ...(call.body as object) } }),
    });
    const form = await screen.findByRole('form', { name: 'Edit Diwali Sale' });
    expect((within(form).getByLabelText('Starts on') as HTMLInputElement).value).toBe('2026-10-20');
    expect((within(form).getByLabelText('End time') as HTMLInputElement).value).toBe('23:59');
    expect((within(form).getByLabelText('Silk Sarees') as HTMLInputElement).checked).toBe(true);
    const value = within(form).getByLabelText('Percent off (%)');
    await user.clear(value);
    await user.type(value, '25');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(sent(calls, 'PATCH')).toEqual([['/promotions/5', { value: 25 }]]));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin/promotions?id=5'));
    expect(toast.success).toHaveBeenCalledWith('Promotion saved');
  });
});

describe('a promotion’s page', () => {
  it('shows its figures and its orders by India day', async () => {
    show('/admin/promotions?id=5', {
      'GET /promotions/5': {
        body: detail({
          days: [
            { day: '2026-10-20', orders: 30, discountRupees: 9_000, revenueRupees: 90_000 },
            { day: '2026-10-21', orders: 12, discountRupees: 3_500, revenueRupees: 34_999 },
          ],
        }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Diwali Sale' })).toBeTruthy();
    expect(screen.getByText('Categories: Silk Sarees')).toBeTruthy();
    const days = screen.getByRole('table', { name: 'Orders by day' });
    const cells = within(days)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(cells).toEqual([
      ['20 Oct 2026', '30', '₹9,000', '₹90,000'],
      ['21 Oct 2026', '12', '₹3,500', '₹34,999'],
    ]);
    // An automatic sale has no single-use codes.
    expect(screen.queryByRole('form', { name: 'Make single-use codes' })).toBeNull();
  });

  it('makes a batch of single-use codes for a code promotion and links their CSV', async () => {
    const { calls, user } = show('/admin/promotions?id=9', {
      'GET /promotions/9': { body: detail({ id: 9, name: 'Wedding Guests', code: 'WEDDING10', target: null }) },
      'POST /promotions/9/codes': { status: 201, body: { created: 50, batchCodes: 50 } },
    });
    const form = await screen.findByRole('form', { name: 'Make single-use codes' });
    expect(screen.getByText('It has no single-use codes yet.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Download codes (CSV)' })).toBeNull();

    await user.click(within(form).getByRole('button', { name: 'Make codes' }));
    expect(await within(form).findByText('Count must be a number')).toBeTruthy();
    expect(sent(calls, 'POST')).toEqual([]);

    await user.type(within(form).getByLabelText('How many'), '50');
    await user.type(within(form).getByLabelText('Prefix (optional)'), 'wed');
    await user.click(within(form).getByRole('button', { name: 'Make codes' }));

    expect(await screen.findByText('Made 50 single-use codes.')).toBeTruthy();
    expect(sent(calls, 'POST')).toEqual([['/promotions/9/codes', { count: 50, prefix: 'WED' }]]);
    const codes = screen.getByRole('region', { name: 'Single-use codes' });
    expect(within(codes).getByRole('status').textContent).toBe('Made 50 single-use codes. It has 50 single-use codes.');
    expect(screen.getByRole('link', { name: 'Download codes (CSV)' }).getAttribute('href')).toBe(
      '/api/promotions/9/codes.csv',
    );
  });
});
