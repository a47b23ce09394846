import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../lib/store';
import { anOrder } from '../../../test/commerce-fixtures';
import { fakeApi } from '../../../test/fake-api';
import { MyOrders } from './my-orders';

afterEach(() => vi.unstubAllGlobals());

describe('MyOrders', () => {
  it('shows the shopper’s own cancel reason from the list, asking for no order’s history', async () => {
    const { calls } = fakeApi({
      'GET /orders/owner': {
        body: {
          orders: [
            anOrder({ id: 7, status: 'cancelled', cancellation: { byShopper: true, reason: 'too_late' } }),
            anOrder({ id: 8, status: 'cancelled', cancellation: { byShopper: false, reason: null } }),
            anOrder({ id: 9, status: 'pending', cancellation: null }),
          ],
          totalOrders: 3,
        },
      },
    });
    render(
      <Provider store={makeStore()}>
        <MemoryRouter>
          <MyOrders />
        </MemoryRouter>
      </Provider>,
    );
    const mine = await screen.findByRole('article', { name: 'Order #7' });
    expect(mine.textContent).toContain(
      'You cancelled this order. Your reason: It would arrive too late for me',
    );
    expect(screen.getByRole('article', { name: 'Order #8' }).textContent).not.toContain('You cancelled');
    expect(calls.map((c) => c.url)).toEqual([expect.stringMatching(/^\/orders\/owner/)]);
  });
});
