import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aCartItem, aUser } from '../../test/commerce-fixtures';
import { fakeApi } from '../../test/fake-api';
import { aDiscount, diwaliCode, someOffers } from '../../test/offer-fixtures';
import { renderPage, signedInAs } from '../../test/render-page';
import CartPage from './cart';

afterEach(() => vi.unstubAllGlobals());

const meera = aUser();

function renderCart() {
  return renderPage(<CartPage />, { path: '/cart', url: '/cart', state: signedInAs(meera) });
}

/** The summary's rows as [term, value] pairs. */
async function summaryRows() {
  const summary = await screen.findByRole('region', { name: 'Order Summary' });
  return [...summary.querySelectorAll('dt')].map((dt) => [
    dt.textContent,
    dt.nextElementSibling?.textContent,
  ]);
}

describe('the cart’s promotions', () => {
  it('applies a code: the saving, the promotion’s line, the goods after it and the line’s discount', async () => {
    let applied = false;
    const { calls } = fakeApi({
      'GET /cart': { body: [aCartItem()] },
      'GET /cart/offers': () => ({ body: applied ? diwaliCode() : someOffers() }),
      'POST /cart/promo-code': () => {
        applied = true;
        return { body: diwaliCode() };
      },
    });
    renderCart();
    await userEvent.type(await screen.findByLabelText('Have a promo code?'), 'DIWALI20');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText('You save ₹1,800')).toBeTruthy();
    const rows = await summaryRows();
    expect(rows).toContainEqual(['Diwali Sale (DIWALI20)', '−₹1,800']);
    expect(rows).toContainEqual(['Items after offers', '₹7,200']);
    expect(rows).toContainEqual(['Total', '₹7,200']);
    expect(screen.getByText('Offer −₹1,800')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Checkout bar' })).getByText('₹7,200')).toBeTruthy();
    expect(calls.filter((c) => c.url === '/cart/offers')).toHaveLength(2);
  });

  it('shows a sale, free shipping by name, and what paying online would save more', async () => {
    fakeApi({
      'GET /cart': { body: [aCartItem()] },
      'GET /cart/offers': {
        body: someOffers({
          discounts: [
            aDiscount(),
            aDiscount({ promotionId: 3, name: 'Festive Shipping', kind: 'free_shipping', amountRupees: 0 }),
          ],
          items: [{ id: 11, discountRupees: 900 }],
          discountRupees: 900,
          freeShipping: true,
          payOnlineRupees: 100,
        }),
      },
    });
    renderCart();
    expect(await screen.findByText('Pay online and save ₹100 more')).toBeTruthy();
    const rows = await summaryRows();
    expect(rows).toContainEqual(['Diwali Sale', '−₹900']);
    expect(rows).toContainEqual(['Shipping', 'Free (Festive Shipping)']);
    expect(rows).toContainEqual(['Total', '₹8,100']);
  });

  it('asks for the offers again when a line’s quantity changes', async () => {
    let quantity = 1;
    const { calls } = fakeApi({
      'GET /cart': { body: [aCartItem()] },
      'GET /cart/offers': () => ({
        body: someOffers({
          discounts: [aDiscount({ amountRupees: 900 * quantity })],
          discountRupees: 900 * quantity,
        }),
      }),
      'PATCH /cart/11': () => {
        quantity = 2;
        return { body: aCartItem({ quantity: 2 }) };
      },
    });
    renderCart();
    await waitFor(async () => expect(await summaryRows()).toContainEqual(['Diwali Sale', '−₹900']));
    await userEvent.selectOptions(screen.getByLabelText('Qty for Kanjivaram Silk Saree'), '2');
    await waitFor(async () => expect(await summaryRows()).toContainEqual(['Diwali Sale', '−₹1,800']));
    expect(await summaryRows()).toContainEqual(['Total', '₹16,200']);
    expect(calls.filter((c) => c.url === '/cart/offers')).toHaveLength(2);
  });

  it('offers no code to a visitor, whose bag the server keeps none with', async () => {
    const { calls } = fakeApi({
      'POST /cart/quote': { body: { items: [aCartItem()], changes: [] } },
    });
    const bag = {
      lines: [{ product: 1, color: '#7a1f2b', size: 216, quantity: 1 }],
      mergeKey: null,
      mergeFailed: false,
    };
    renderPage(<CartPage />, { path: '/cart', url: '/cart', state: { guestCart: bag } });
    expect(await screen.findByRole('region', { name: 'Order Summary' })).toBeTruthy();
    expect(screen.queryByLabelText('Have a promo code?')).toBeNull();
    expect(calls.some((c) => c.url.startsWith('/cart/offers'))).toBe(false);
  });
});
