import { Provider } from 'react-redux';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CartOffers } from '@shop/shared/promotions';
import { makeStore } from '../../../lib/store';
import { aCartItem } from '../../../test/commerce-fixtures';
import { fakeApi, type FakeCall } from '../../../test/fake-api';
import { diwaliCode, someOffers } from '../../../test/offer-fixtures';
import { useCartOffers } from '../offer-rows';
import { PromoCode } from './promo-code';

afterEach(() => vi.unstubAllGlobals());

function Harness() {
  return <PromoCode offers={useCartOffers([aCartItem()], {})} />;
}

/** A server that keeps one code with the cart: DIWALI20 applies, OLD10 has expired. */
function server(start: CartOffers = someOffers()) {
  let offers = start;
  const api = fakeApi({
    'GET /cart/offers': () => ({ body: offers }),
    'POST /cart/promo-code': (c: FakeCall) => {
      if ((c.body as { code: string }).code.toUpperCase() !== 'DIWALI20')
        return { status: 409, body: { message: 'This code has expired' } };
      offers = diwaliCode();
      return { body: offers };
    },
    'DELETE /cart/promo-code': () => {
      offers = someOffers();
      return { body: offers };
    },
  });
  render(
    <Provider store={makeStore()}>
      <Harness />
    </Provider>,
  );
  return api;
}

describe('the promo code field', () => {
  it('applies a code typed in any case and shows it as a chip with what it saves', async () => {
    const { calls } = server();
    await userEvent.type(await screen.findByLabelText('Have a promo code?'), 'diwali20{Enter}');
    expect(await screen.findByText('You save ₹1,800')).toBeTruthy();
    expect(screen.getByText('DIWALI20')).toBeTruthy();
    expect(screen.queryByLabelText('Have a promo code?')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Promo code DIWALI20 applied');
    // The field it was typed in is gone: focus is on the chip's Remove.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove code DIWALI20' })),
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ code: 'diwali20' });
  });

  it('says why the server refused a code, beside the field, and keeps nothing', async () => {
    server();
    const field = await screen.findByLabelText('Have a promo code?');
    await userEvent.type(field, 'OLD10');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('This code has expired');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(alert.id);
    expect(screen.queryByText(/You save/)).toBeNull();
  });

  it('removes the code kept with the cart', async () => {
    const { calls } = server(diwaliCode());
    await userEvent.click(await screen.findByRole('button', { name: 'Remove code DIWALI20' }));
    const field = await screen.findByLabelText('Have a promo code?');
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(screen.queryByText('DIWALI20')).toBeNull();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/cart/promo-code')).toBe(true);
  });

  it('warns when the kept code gives nothing now, and hints what paying online saves', async () => {
    server(
      someOffers({
        code: 'DIWALI20',
        codeProblem: 'Add items worth ₹2,000 to use this code',
        payOnlineRupees: 100,
      }),
    );
    expect(await screen.findByText('Add items worth ₹2,000 to use this code')).toBeTruthy();
    expect(screen.getByText('Pay online and save ₹100 more')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/You save/)).toBeNull());
  });
});
