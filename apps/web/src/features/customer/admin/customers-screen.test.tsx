import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CustomerSummary } from '@shop/shared/reviews';
import { makeStore } from '../../../lib/store';
import { fakeApi, type FakeCall, type FakeReply } from '../../../test/fake-api';
import { CustomersScreen } from './customers-screen';

// jsdom lays nothing out: a new page scrolls the list's top into view.
beforeAll(() => void (Element.prototype.scrollIntoView = vi.fn()));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function aCustomer(over: Partial<CustomerSummary> = {}): CustomerSummary {
  return {
    id: 7,
    name: 'Asha Rao',
    email: 'asha@example.com',
    phoneNumber: '+91 98200 12345',
    createdAt: '2026-01-10T05:00:00.000Z',
    ordersCount: 12,
    totalSpentRupees: 124_999,
    lastOrderAt: '2026-11-27T19:00:00.000Z',
    codSharePercent: 42,
    returnsCount: 1,
    ...over,
  };
}

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

function show(
  url: string,
  routes: Record<string, FakeReply | ((call: FakeCall) => FakeReply)>,
  canExport = true,
) {
  const api = fakeApi(routes);
  render(
    <Provider store={makeStore()}>
      <MemoryRouter initialEntries={[url]}>
        <CustomersScreen canExport={canExport} />
        <Where />
      </MemoryRouter>
    </Provider>,
  );
  return { ...api, user: userEvent.setup() };
}

const phone = () =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));

describe('the Customers list', () => {
  it('shows each customer’s figures in rupees and India’s dates, each row linking to the customer', async () => {
    show('/admin/customers', {
      'GET /customers': {
        body: {
          customers: [
            aCustomer(),
            aCustomer({
              id: 3,
              name: 'Ravi Kumar',
              ordersCount: 0,
              totalSpentRupees: 0,
              lastOrderAt: null,
              codSharePercent: 0,
              returnsCount: 0,
            }),
          ],
          total: 2,
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Customers' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Name',
      'Email',
      'Phone',
      'Orders',
      'Total spent',
      'Last order',
      'COD',
      'Returns',
    ]);
    const cells = (name: string) =>
      [...within(table).getByRole('link', { name }).closest('tr')!.cells].map((c) => c.textContent);
    expect(cells('Asha Rao')).toEqual([
      'Asha RaoSince 10 Jan 2026',
      'asha@example.com',
      '+91 98200 12345',
      '12',
      '₹1,24,999',
      '28 Nov 2026',
      '42%',
      '1',
    ]);
    expect(cells('Ravi Kumar').slice(3)).toEqual(['0', '₹0', 'No orders yet', '0%', '0']);
    expect(within(table).getByRole('link', { name: 'Asha Rao' }).getAttribute('href')).toBe(
      '/admin/customers/7',
    );
    expect(screen.getByText('2 customers, newest first').getAttribute('role')).toBe('status');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/customers/export',
    );
  });

  it('searches as the owner types, from page 1, and exports what the search finds', async () => {
    const { calls, user } = show('/admin/customers?page=2', {
      'GET /customers': (call) => ({
        body: call.url.includes('search=')
          ? { customers: [aCustomer({ name: 'Meera Iyer' })], total: 1 }
          : { customers: [aCustomer()], total: 41 },
      }),
    });
    await screen.findByRole('link', { name: 'Asha Rao' });
    await user.type(screen.getByRole('searchbox', { name: 'Search customers' }), 'Meera');
    await screen.findByRole('link', { name: 'Meera Iyer' });
    expect(screen.getByTestId('where').textContent).toBe('/admin/customers?search=Meera');
    // Asked once the typing settled, not once per letter.
    expect(calls.map((c) => c.url)).toEqual(['/customers?page=2', '/customers?search=Meera']);
    expect(screen.getByText('1 customer matches').getAttribute('role')).toBe('status');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/customers/export?search=Meera',
    );
  });

  it('says so when no customer matches, and hides the CSV from staff', async () => {
    show('/admin/customers?search=zzz', { 'GET /customers': { body: { customers: [], total: 0 } } }, false);
    expect(await screen.findByRole('heading', { name: 'No customers match' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
    expect((screen.getByRole('searchbox', { name: 'Search customers' }) as HTMLInputElement).value).toBe(
      'zzz',
    );
  });

  it('shows cards on a phone and pages through 20 at a time', async () => {
    phone();
    const { calls, user } = show('/admin/customers', {
      'GET /customers': (call) => ({
        body: {
          customers: [call.url.includes('page=2') ? aCustomer({ id: 1, name: 'Kavya Menon' }) : aCustomer()],
          total: 21,
        },
      }),
    });
    const card = await screen.findByRole('article', { name: 'Asha Rao' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(card).getByText('₹1,24,999')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('article', { name: 'Kavya Menon' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/admin/customers?page=2');
    await waitFor(() => expect(calls.map((c) => c.url)).toEqual(['/customers', '/customers?page=2']));
  });

  it('shows the server’s message when the list cannot be read', async () => {
    show('/admin/customers', {
      'GET /customers': { status: 403, body: { message: 'You are not allowed to do that' } },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('You are not allowed to do that');
  });
});
