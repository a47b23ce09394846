import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustomerDetail } from '@shop/shared/reviews';
import { makeStore } from '../../../lib/store';
import { fakeApi, type FakeReply } from '../../../test/fake-api';
import { CustomerDetailScreen } from './customer-detail';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const ASHA: CustomerDetail = {
  id: 7,
  name: 'Asha Rao',
  email: 'asha@example.com',
  phoneNumber: '+91 98200 12345',
  createdAt: '2026-01-10T05:00:00.000Z',
  ordersCount: 2,
  totalSpentRupees: 124_999,
  lastOrderAt: '2026-11-27T19:00:00.000Z',
  codSharePercent: 50,
  returnsCount: 1,
  addresses: [
    {
      name: 'Asha Rao',
      email: 'asha@example.com',
      phone: '+919820012345',
      street: '12 Linking Road',
      city: 'Mumbai',
      state: 'Maharashtra',
      pinCode: '400050',
    },
  ],
  orders: [
    {
      id: 41,
      createdAt: '2026-11-27T19:00:00.000Z',
      status: 'pending',
      paymentMethod: 'card',
      totalAmount: 99_999,
      items: 1,
    },
    {
      id: 12,
      createdAt: '2026-03-02T05:00:00.000Z',
      status: 'delivered',
      paymentMethod: 'cash',
      totalAmount: 25_000,
      items: 3,
    },
  ],
  reviews: [
    {
      id: 5,
      productId: 3,
      productTitle: 'Kanjivaram Gold',
      rating: 4,
      title: 'Pure zari',
      status: 'pending',
      createdAt: '2026-03-10T05:00:00.000Z',
    },
  ],
  wishlistCount: 3,
};

function show(id: number, reply: FakeReply) {
  const api = fakeApi({ [`GET /customers/${id}`]: reply });
  render(
    <Provider store={makeStore()}>
      <MemoryRouter>
        <CustomerDetailScreen id={id} />
      </MemoryRouter>
    </Provider>,
  );
  return api;
}

describe('a customer’s page', () => {
  it('shows their figures, orders linking to the admin order, addresses, reviews with stars and status, and wishlist count', async () => {
    show(7, { body: ASHA });
    expect(await screen.findByRole('heading', { name: 'Asha Rao', level: 1 })).toBeTruthy();
    const figures = within(screen.getByRole('region', { name: 'Figures' }))
      .getAllByRole('term')
      .map((t) => `${t.textContent}: ${t.nextSibling?.textContent}`);
    expect(figures).toEqual([
      'Orders: 2',
      'Total spent: ₹1,24,999',
      'Last order: 28 Nov 2026',
      'Paid cash on delivery: 50%',
      'Returns: 1',
      'Wishlist: 3',
    ]);

    const orders = within(screen.getByRole('table', { name: 'Orders' }))
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(orders).toEqual(['#4128 Nov 2026PendingCard1₹99,999', '#122 Mar 2026DeliveredCash3₹25,000']);
    expect(screen.getByRole('link', { name: '#41' }).getAttribute('href')).toBe('/admin/order-detail?id=41');

    const addresses = screen.getByRole('region', { name: 'Addresses' });
    expect(addresses.textContent).toContain('12 Linking Road');
    expect(addresses.textContent).toContain('Mumbai, Maharashtra 400050');

    const reviews = screen.getByRole('region', { name: 'Reviews' });
    expect(within(reviews).getByRole('img', { name: '4 of 5 stars' })).toBeTruthy();
    expect(reviews.textContent).toContain('Pure zari');
    expect(reviews.textContent).toContain('Waiting for approval');
    expect(within(reviews).getByRole('link', { name: 'Kanjivaram Gold' }).getAttribute('href')).toBe(
      '/admin/product-detail/3',
    );
    expect(screen.getByRole('region', { name: 'Wishlist' }).textContent).toContain(
      '3 products saved to the wishlist.',
    );
  });

  it('says when there is nothing yet', async () => {
    show(8, {
      body: {
        ...ASHA,
        id: 8,
        ordersCount: 0,
        totalSpentRupees: 0,
        lastOrderAt: null,
        orders: [],
        addresses: [],
        reviews: [],
        wishlistCount: 0,
      },
    });
    expect(await screen.findByText('No orders yet.')).toBeTruthy();
    expect(screen.getByText('No saved addresses.')).toBeTruthy();
    expect(screen.getByText('No reviews written.')).toBeTruthy();
    expect(screen.getByText('Nothing saved to the wishlist.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the server’s message for someone who is not a customer', async () => {
    show(9, { status: 404, body: { message: 'Customer not found' } });
    expect((await screen.findByRole('alert')).textContent).toBe('Customer not found');
  });

  it('asks nothing for an id that names no one', () => {
    const { calls } = show(0, { body: ASHA });
    expect(screen.getByRole('alert').textContent).toBe('Customer not found');
    expect(calls).toEqual([]);
  });
});
