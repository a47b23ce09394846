import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aCartItem, anAddress, anOrder, aPincode, aShop, aUser } from '../../test/commerce-fixtures';
import { NO_COD_RULES } from '../../features/settings/use-cod-rules';
import { DEFAULT_SHIPPING_SETTINGS } from '@shop/shared/shipping-schemas';
import { typePlace } from '../../test/address-input';
import { fakeApi, type FakeReply } from '../../test/fake-api';
import { aDiscount, diwaliCode, someOffers } from '../../test/offer-fixtures';
import { renderPage, signedInAs } from '../../test/render-page';
import CheckoutPage from './checkout';

const meera = aUser({ addresses: [anAddress()] });
const cardsOn = { provider: 'test', keyId: 'rzp_test_local', checkoutScriptUrl: '/api/payment/checkout.js' };

function shop(over: Record<string, FakeReply | ((c: { body: unknown }) => FakeReply)> = {}) {
  return fakeApi({
    'GET /users/owner': { body: meera },
    'GET /cart': { body: [aCartItem()] },
    'GET /payment/config': { body: { ...cardsOn, cardPayments: true } },
    ...over,
  });
}

function renderCheckout() {
  return renderPage(<CheckoutPage />, {
    path: '/checkout',
    url: '/checkout',
    state: signedInAs(meera),
    elsewhere: ['/', '/order-success/:id'],
  });
}

const chooseAddress = async () =>
  userEvent.click(await screen.findByRole('radio', { name: 'Meera Iyer, 12 Marine Drive, Mumbai' }));

afterEach(() => vi.unstubAllGlobals());

/** A description list's rows as [term, value] pairs. */
const rowsOf = (dl: HTMLElement) =>
  [...dl.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);

describe('the checkout page', () => {
  it('places a cash order for the chosen address and moves on to its success page', async () => {
    const { calls } = shop({ 'POST /orders': { status: 201, body: anOrder({ id: 101 }) } });
    const { router } = renderCheckout();
    await chooseAddress();
    await userEvent.click(screen.getByRole('radio', { name: /Cash on Delivery/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));

    expect(await screen.findByText('Order Placed Successfully')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/order-success/101');
    const placed = calls.find((c) => c.method === 'POST' && c.url === '/orders');
    expect(placed?.body).toMatchObject({ paymentMethod: 'cash', selectedAddress: anAddress() });
    expect(placed?.headers['Idempotency-Key']).toBeTruthy();
  });

  it('breaks the tax-inclusive total into taxable value and GST: CGST + SGST in the shop’s state, IGST in another', async () => {
    const karnataka = anAddress({
      name: 'Ravi Kumar',
      street: '4 MG Road',
      city: 'Bengaluru',
      state: 'karnataka',
    });
    shop({
      'GET /users/owner': { body: { ...meera, addresses: [anAddress(), karnataka] } },
      'GET /settings': { body: aShop({ state: 'Maharashtra' }) },
      // ₹9,000 of silk (5 %) and two ₹2,600 kurtis (18 % above ₹2,500 a piece).
      'GET /cart': {
        body: [
          aCartItem(),
          aCartItem({
            id: 12,
            quantity: 2,
            product: {
              ...aCartItem().product,
              id: 2,
              category: 'Kurtis',
              discountedPrice: 2600,
              price: 2600,
            },
          }),
        ],
      },
    });
    renderPage(<CheckoutPage />, {
      path: '/checkout',
      url: '/checkout',
      state: signedInAs({ ...meera, addresses: [anAddress(), karnataka] }),
    });
    const summary = await screen.findByRole('region', { name: 'Order Summary' });
    const breakup = () => rowsOf(within(summary).getByLabelText('Tax breakup'));
    expect(await within(summary).findByText('Inclusive of all taxes')).toBeTruthy();
    expect(summary.textContent).toContain('Subtotal (3 items)₹14,200');
    // Taxable: ₹8,571.43 + ₹4,406.78; GST ₹428.57 + ₹793.22. No address yet: one GST row.
    expect(breakup()).toEqual([
      ['Taxable value', '₹12,978.21'],
      ['GST', '₹1,221.79'],
    ]);
    await userEvent.click(screen.getByRole('radio', { name: 'Meera Iyer, 12 Marine Drive, Mumbai' }));
    expect(breakup()).toEqual([
      ['Taxable value', '₹12,978.21'],
      ['CGST', '₹610.89'],
      ['SGST', '₹610.90'],
    ]);
    await userEvent.click(screen.getByRole('radio', { name: 'Ravi Kumar, 4 MG Road, Bengaluru' }));
    expect(breakup()).toEqual([
      ['Taxable value', '₹12,978.21'],
      ['IGST', '₹1,221.79'],
    ]);
  });

  it('asks for an address and a payment method before placing anything', async () => {
    const { calls } = shop();
    renderCheckout();
    await userEvent.click(await screen.findByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Please select address and payment method')).toBeTruthy();
    await chooseAddress();
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(screen.getAllByText('Please select address and payment method')).toHaveLength(2);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it.each([
    ['says so', { ...cardsOn, cardPayments: true }],
    ['does not say (an older server)', cardsOn],
  ])('offers card and cash, neither chosen, when the server %s that cards are on', async (_case, config) => {
    shop({ 'GET /payment/config': { body: config } });
    renderCheckout();
    const methods = within(await screen.findByRole('group', { name: 'Choose a payment method' }));
    expect(methods.getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['cash', 'card']);
    expect(methods.getAllByRole('radio').some((r) => (r as HTMLInputElement).checked)).toBe(false);
  });

  it('offers cash on delivery only, already chosen, when the shop takes no cards', async () => {
    const { calls } = shop({
      'GET /payment/config': {
        body: { provider: 'none', keyId: '', checkoutScriptUrl: '', cardPayments: false },
      },
      'POST /orders': { status: 201, body: anOrder({ id: 102 }) },
    });
    renderCheckout();
    const methods = within(await screen.findByRole('group', { name: 'Choose a payment method' }));
    expect(methods.queryByRole('radio', { name: /Card/ })).toBeNull();
    expect((methods.getByRole('radio', { name: /Cash on Delivery/ }) as HTMLInputElement).checked).toBe(true);

    await chooseAddress();
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Order Placed Successfully')).toBeTruthy();
    expect(calls.find((c) => c.url === '/orders')?.body).toMatchObject({ paymentMethod: 'cash' });
    expect(calls.some((c) => c.url.startsWith('/payment/initiate'))).toBe(false);
  });

  it('saves a first address and chooses it', async () => {
    const { calls } = shop({
      'GET /users/owner': { body: aUser() },
      'PATCH /users/7': (c) => ({ body: { ...aUser(), ...(c.body as object) } }),
    });
    renderCheckout();
    expect(await screen.findByRole('heading', { name: 'New address' })).toBeTruthy();
    expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('Meera Iyer');
    await typePlace();
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));

    expect(await screen.findByText('Address added successfully!')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ addresses: [anAddress()] });
    const saved = screen.getByRole('radio', {
      name: 'Meera Iyer, 12 Marine Drive, Mumbai',
    }) as HTMLInputElement;
    expect(saved.checked).toBe(true);
  });

  it('removes a line from the summary with a toast', async () => {
    const scarf = aCartItem({
      id: 12,
      product: { ...aCartItem().product, id: 2, title: 'Chanderi Cotton Saree' },
    });
    const { calls } = shop({
      'GET /cart': { body: [aCartItem(), scarf] },
      'DELETE /cart/12': { status: 204 },
    });
    renderCheckout();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Chanderi Cotton Saree' }));
    expect(await screen.findByText('Product removed from cart')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/cart/12')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Remove Chanderi Cotton Saree' })).toBeNull();
  });

  it('starts with the address the last order went to chosen', async () => {
    const office = anAddress({ street: '4 Nariman Point', pinCode: '400021' });
    shop({
      'GET /users/owner': { body: aUser({ addresses: [anAddress(), office] }) },
      'GET /orders/owner': { body: { orders: [anOrder({ selectedAddress: office })], totalOrders: 1 } },
    });
    renderCheckout();
    const chosen = await screen.findByRole('radio', { name: 'Meera Iyer, 4 Nariman Point, Mumbai', checked: true });
    expect(chosen).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Meera Iyer, 12 Marine Drive, Mumbai' }) as HTMLInputElement).checked).toBe(false);
  });

  it('starts with the only saved address chosen, even with no order yet', async () => {
    const { calls } = shop({
      'GET /orders/owner': { body: { orders: [], totalOrders: 0 } },
      'POST /orders': { status: 201, body: anOrder({ id: 103 }) },
    });
    renderCheckout();
    expect(await screen.findByRole('radio', { name: 'Meera Iyer, 12 Marine Drive, Mumbai', checked: true })).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: /Cash on Delivery/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Order Placed Successfully')).toBeTruthy();
    expect(calls.find((c) => c.url === '/orders')?.body).toMatchObject({ selectedAddress: anAddress() });
  });

  it('chooses none of several addresses when the last order went elsewhere', async () => {
    const { calls } = shop({
      'GET /users/owner': { body: aUser({ addresses: [anAddress(), anAddress({ street: '4 Nariman Point' })] }) },
      'GET /orders/owner': { body: { orders: [anOrder({ selectedAddress: anAddress({ city: 'Pune' }) })], totalOrders: 1 } },
    });
    renderCheckout();
    await screen.findByRole('radio', { name: 'Meera Iyer, 4 Nariman Point, Mumbai' });
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/orders/owner'))).toBe(true));
    // One turn of the event loop lets the last order's answer arrive; still nothing is chosen for the shopper.
    await act(() => new Promise((r) => setTimeout(r, 0)));
    const chosen = screen.queryAllByRole('radio', { checked: true }) as HTMLInputElement[];
    expect(chosen.filter((r) => r.name === 'address')).toEqual([]);
  });

  it('clears the error toast of an earlier attempt when the order is placed', async () => {
    let attempt = 0;
    shop({
      'POST /orders': () =>
        ++attempt === 1
          ? { status: 409, body: { message: 'Kanjivaram Silk Saree is out of stock' } }
          : { status: 201, body: anOrder({ id: 104 }) },
    });
    renderCheckout();
    await userEvent.click(await screen.findByRole('radio', { name: /Cash on Delivery/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Kanjivaram Silk Saree is out of stock')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Order Placed Successfully')).toBeTruthy();
    // A dismissed toast stops being an alert at once and leaves with its exit animation (which jsdom never plays).
    const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);
    await waitFor(() => expect(alerts().some((t) => t?.includes('out of stock'))).toBe(false));
    expect(alerts().some((t) => t?.includes('Order Placed Successfully'))).toBe(true);
  });

  it("shows the server's stock error as a toast and stays on checkout", async () => {
    shop({
      'POST /orders': { status: 409, body: { message: 'Kanjivaram Silk Saree is out of stock' } },
    });
    const { router } = renderCheckout();
    await chooseAddress();
    await userEvent.click(screen.getByRole('radio', { name: /Cash on Delivery/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Kanjivaram Silk Saree is out of stock')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/checkout');
  });

  it('sends the shopper home when there is nothing to buy', async () => {
    shop({ 'GET /cart': { body: [] } });
    renderCheckout();
    expect(await screen.findByRole('heading', { name: 'Page at /' })).toBeTruthy();
  });

  describe('cash on delivery', () => {
    const withCod = (cod: Partial<typeof NO_COD_RULES>) => ({ 'GET /settings': { body: aShop({ cod: { ...NO_COD_RULES, ...cod } }) } });
    const summaryText = async () => (await screen.findByRole('region', { name: 'Order Summary' })).textContent;
    const methods = async () => within(await screen.findByRole('group', { name: 'Choose a payment method' }));

    it('adds the cash fee to the total when cash is chosen', async () => {
      shop(withCod({ feeRupees: 49 }));
      renderCheckout();
      const cash = (await methods()).getByRole('radio', { name: /Cash on Delivery/ });
      await waitFor(() => expect(cash.parentElement?.textContent).toContain('₹49 cash on delivery fee'));
      expect(await summaryText()).toContain('Total₹9,000');
      await userEvent.click(cash);
      expect(await summaryText()).toContain('Cash on delivery fee₹49');
      expect(await summaryText()).toContain('Total₹9,049');
    });

    it('counts a percentage fee on the goods, rounded to the rupee', async () => {
      shop(withCod({ feeRupees: 20, feePercent: 1.5 }));
      renderCheckout();
      await userEvent.click((await methods()).getByRole('radio', { name: /Cash on Delivery/ }));
      // ₹20 + 1.5 % of ₹9,000 (₹135).
      await waitFor(async () => expect(await summaryText()).toContain('Cash on delivery fee₹155'));
      expect(await summaryText()).toContain('Total₹9,155');
    });

    it('offers no cash above the shop’s limit, says why, and leaves card chosen', async () => {
      shop(withCod({ feeRupees: 49, maxOrderRupees: 5000 }));
      renderCheckout();
      const m = await methods();
      const cash = m.getByRole('radio', { name: /Cash on Delivery/ }) as HTMLInputElement;
      await waitFor(() => expect(cash.disabled).toBe(true));
      expect(m.getByText('Cash on delivery is for orders up to ₹5,000')).toBeTruthy();
      expect((m.getByRole('radio', { name: /Card/ }) as HTMLInputElement).checked).toBe(true);
      expect(await summaryText()).not.toContain('Cash on delivery fee');
    });

    it('offers no cash when the shop has turned it off', async () => {
      shop(withCod({ enabled: false }));
      renderCheckout();
      const m = await methods();
      expect(await m.findByText('Cash on delivery is not offered by this shop')).toBeTruthy();
      expect((m.getByRole('radio', { name: /Cash on Delivery/ }) as HTMLInputElement).disabled).toBe(true);
    });

    it('says why nothing can be placed when cash is refused and the shop takes no cards', async () => {
      const { calls } = shop({
        ...withCod({ maxOrderRupees: 5000 }),
        'GET /payment/config': { body: { provider: 'none', keyId: '', checkoutScriptUrl: '', cardPayments: false } },
      });
      renderCheckout();
      await chooseAddress();
      expect(await (await methods()).findByText('Cash on delivery is for orders up to ₹5,000')).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
      expect(await screen.findAllByText('Cash on delivery is for orders up to ₹5,000')).toHaveLength(2);
      expect(calls.some((c) => c.method === 'POST')).toBe(false);
    });

    it('offers no cash below the minimum either', async () => {
      shop(withCod({ minOrderRupees: 10000 }));
      renderCheckout();
      expect(await (await methods()).findByText('Cash on delivery is for orders of ₹10,000 or more')).toBeTruthy();
    });

    it('nudges to pay online and takes the prepaid discount off when card is chosen', async () => {
      shop(withCod({ feeRupees: 49, prepaidDiscountRupees: 50 }));
      renderCheckout();
      const m = await methods();
      expect(await m.findByText('Pay online and save ₹50')).toBeTruthy();
      await userEvent.click(m.getByRole('radio', { name: /Card/ }));
      expect(await summaryText()).toContain('Prepaid discount−₹50');
      expect(await summaryText()).toContain('Total₹8,950');
      await userEvent.click(m.getByRole('radio', { name: /Cash on Delivery/ }));
      expect(await summaryText()).not.toContain('Prepaid discount');
      expect(await summaryText()).toContain('Total₹9,049');
    });

    it('offers no cash for an address whose PIN code takes none', async () => {
      shop({ 'GET /pincodes/400002': { body: aPincode({ pin: '400002', cod: false }) } });
      renderCheckout();
      await chooseAddress();
      const m = await methods();
      expect(await m.findByText('Cash on delivery is not available for PIN code 400002')).toBeTruthy();
      expect((m.getByRole('radio', { name: /Card/ }) as HTMLInputElement).checked).toBe(true);
    });

    it('shows the server’s refusal of a cash order', async () => {
      shop({ 'POST /orders': { status: 400, body: { message: 'PIN code 400002 is in Maharashtra, not Karnataka' } } });
      renderCheckout();
      await chooseAddress();
      await userEvent.click((await methods()).getByRole('radio', { name: /Cash on Delivery/ }));
      await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
      expect(await screen.findByText('PIN code 400002 is in Maharashtra, not Karnataka')).toBeTruthy();
    });
  });

  describe('the shipping charge', () => {
    const summary = async () => within(await screen.findByRole('region', { name: 'Order Summary' }));
    const quote = (over: object = {}) => ({
      body: { pin: '400002', zone: 'metro', chargedGrams: 1000, shippingRupees: 80, freeAboveRupees: 15000, ...over },
    });

    const RATED = { ...DEFAULT_SHIPPING_SETTINGS, freeAboveRupees: 15000, rates: { ...DEFAULT_SHIPPING_SETTINGS.rates, metro: { firstSlabRupees: 60, extraSlabRupees: 20 } } };

    it('says Included, as it always did, for a shop that sets no rates', async () => {
      shop({ 'GET /settings': { body: aShop() }, 'GET /shipping/quote': quote({ shippingRupees: 0 }) });
      renderCheckout();
      const s = await summary();
      await waitFor(() => expect(rowsOf(s.getByText('Total').closest('dl')!)).toContainEqual(['Shipping', 'Included']));
      expect(rowsOf(s.getByText('Total').closest('dl')!)).toContainEqual(['Total', '₹9,000']);
    });

    it('shows the server’s charge for the chosen address, counts it in the total with the cash fee, and when it would be free', async () => {
      const { calls } = shop({
        'GET /settings': { body: aShop({ cod: { ...NO_COD_RULES, feeRupees: 49 }, shipping: RATED }) },
        'GET /shipping/quote': quote(),
      });
      renderCheckout();
      const s = await summary();
      await waitFor(() => expect(rowsOf(s.getByText('Total').closest('dl')!)).toContainEqual(['Shipping charge', '₹80']));
      const rows = rowsOf(s.getByText('Total').closest('dl')!);
      expect(rows).toContainEqual(['Shipping', 'Free above ₹15,000']);
      expect(rows).toContainEqual(['Total', '₹9,080']);
      expect(calls.find((c) => c.url.startsWith('/shipping/quote'))?.url).toBe('/shipping/quote?pin=400002');

      await userEvent.click(screen.getByRole('radio', { name: /Cash on Delivery/ }));
      await waitFor(() => expect(rowsOf(s.getByText('Total').closest('dl')!)).toContainEqual(['Total', '₹9,129']));
    });

    it('says Free when the server charges nothing, and the total is the goods', async () => {
      shop({ 'GET /settings': { body: aShop({ shipping: RATED }) }, 'GET /shipping/quote': quote({ shippingRupees: 0, freeAboveRupees: 999 }) });
      renderCheckout();
      const s = await summary();
      await waitFor(() => expect(rowsOf(s.getByText('Total').closest('dl')!)).toContainEqual(['Shipping', 'Free']));
      expect(s.queryByText('Shipping charge')).toBeNull();
      expect(rowsOf(s.getByText('Total').closest('dl')!)).toContainEqual(['Total', '₹9,000']);
    });

    it('shows a dash when the quote fails, and leaves the charge to the order', async () => {
      shop({ 'GET /shipping/quote': { status: 400, body: { message: 'PIN code 400002 does not exist' } } });
      renderCheckout();
      const s = await summary();
      await waitFor(() => expect(rowsOf(s.getByText('Total').closest('dl')!)).toContainEqual(['Shipping', '—']));
      expect(rowsOf(s.getByText('Total').closest('dl')!)).toContainEqual(['Total', '₹9,000']);
    });

    it('asks again when a line is removed: the charge is for the cart as it is', async () => {
      const saree = aCartItem({ id: 12, product: { ...aCartItem().product, id: 2, title: 'Chanderi Cotton Saree' } });
      let asked = 0;
      const { calls } = shop({
        'GET /cart': { body: [aCartItem(), saree] },
        'DELETE /cart/12': { status: 204 },
        'GET /shipping/quote': () => quote({ shippingRupees: ++asked === 1 ? 120 : 80 }),
      });
      renderCheckout();
      const s = await summary();
      await waitFor(() => expect(rowsOf(s.getByText('Total').closest('dl')!)).toContainEqual(['Shipping charge', '₹120']));
      await userEvent.click(screen.getByRole('button', { name: 'Remove Chanderi Cotton Saree' }));
      await waitFor(() => expect(rowsOf(s.getByText('Total').closest('dl')!)).toContainEqual(['Shipping charge', '₹80']));
      expect(rowsOf(s.getByText('Total').closest('dl')!)).toContainEqual(['Total', '₹9,080']);
      expect(calls.filter((c) => c.url.startsWith('/shipping/quote'))).toHaveLength(2);
    });
  });
});

describe('the checkout’s promotions', () => {
  const summary = async () => within(await screen.findByRole('region', { name: 'Order Summary' }));
  const totals = async () => rowsOf((await summary()).getByText('Total').closest('dl')!);
  const usedUp = { status: 409, body: { message: 'This code has been used up', code: 'promo_code' } };

  it('takes the code’s saving off the goods, and the GST is on what is left', async () => {
    shop({ 'GET /cart/offers': { body: diwaliCode() } });
    renderCheckout();
    await waitFor(async () => expect(await totals()).toContainEqual(['Diwali Sale (DIWALI20)', '−₹1,800']));
    expect(await totals()).toContainEqual(['Items after offers', '₹7,200']);
    expect(await totals()).toContainEqual(['Total', '₹7,200']);
    expect((await summary()).getByText('Offer −₹1,800')).toBeTruthy();
    // ₹7,200 of silk at 5 %: the taxable value and the GST add up to what is paid for it.
    expect(rowsOf((await summary()).getByLabelText('Tax breakup'))).toEqual([
      ['Taxable value', '₹6,857.14'],
      ['GST', '₹342.86'],
    ]);
  });

  it('says Free with the promotion’s name on the shipping row, and charges no shipping', async () => {
    shop({
      'GET /settings': { body: aShop({ shipping: { ...DEFAULT_SHIPPING_SETTINGS, rates: { ...DEFAULT_SHIPPING_SETTINGS.rates, metro: { firstSlabRupees: 60, extraSlabRupees: 20 } } } }) },
      'GET /shipping/quote': { body: { pin: '400002', zone: 'metro', chargedGrams: 1000, shippingRupees: 0, freeAboveRupees: null } },
      'GET /cart/offers': {
        body: someOffers({ discounts: [aDiscount({ name: 'Festive Shipping', kind: 'free_shipping', amountRupees: 0 })], freeShipping: true }),
      },
    });
    renderCheckout();
    await waitFor(async () => expect(await totals()).toContainEqual(['Shipping', 'Free (Festive Shipping)']));
    expect(await totals()).toContainEqual(['Total', '₹9,000']);
  });

  it('prices the offers for paying online once card is chosen, and hints at them before', async () => {
    const online = aDiscount({ promotionId: 4, name: 'UPI Bonus', kind: 'prepaid', amountRupees: 100 });
    const { calls } = shop({
      'GET /cart/offers': { body: someOffers({ payOnlineRupees: 100 }) },
      'GET /cart/offers?method=card': { body: someOffers({ discounts: [online], items: [{ id: 11, discountRupees: 100 }], discountRupees: 100 }) },
    });
    renderCheckout();
    expect(await screen.findByText('Pay online and save ₹100 more')).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: /Card/ }));
    await waitFor(async () => expect(await totals()).toContainEqual(['UPI Bonus', '−₹100']));
    expect(await totals()).toContainEqual(['Total', '₹8,900']);
    expect(screen.queryByText('Pay online and save ₹100 more')).toBeNull();
    expect(calls.some((c) => c.url === '/cart/offers?method=card')).toBe(true);
  });

  it('offers to place a cash order without a code used up meanwhile: a new attempt, withoutCode', async () => {
    let attempt = 0;
    const { calls } = shop({
      'GET /cart/offers': { body: diwaliCode() },
      'POST /orders': () => (++attempt === 1 ? usedUp : { status: 201, body: anOrder({ id: 105 }) }),
    });
    renderCheckout();
    await chooseAddress();
    await userEvent.click(screen.getByRole('radio', { name: /Cash on Delivery/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));

    const refusal = await screen.findByRole('button', { name: 'Place the order without the code' });
    expect(refusal.closest('[role=alert]')?.textContent).toContain('This code has been used up');
    await userEvent.click(refusal);

    expect(await screen.findByText('Order Placed Successfully')).toBeTruthy();
    const [first, second] = calls.filter((c) => c.method === 'POST' && c.url === '/orders');
    expect(first?.body).not.toHaveProperty('withoutCode');
    expect(second?.body).toEqual({ paymentMethod: 'cash', selectedAddress: anAddress(), withoutCode: true });
    expect(second?.headers['Idempotency-Key']).toBeTruthy();
    expect(second?.headers['Idempotency-Key']).not.toBe(first?.headers['Idempotency-Key']);
  });

  it('takes the refused code off the cart when the shopper would rather remove it', async () => {
    let code = true;
    const { calls } = shop({
      'GET /cart/offers': () => ({ body: code ? diwaliCode() : someOffers() }),
      'POST /orders': usedUp,
      'DELETE /cart/promo-code': () => {
        code = false;
        return { body: someOffers() };
      },
    });
    renderCheckout();
    await chooseAddress();
    await userEvent.click(screen.getByRole('radio', { name: /Cash on Delivery/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove the code' }));

    await waitFor(() => expect(screen.queryByRole('button', { name: 'Place the order without the code' })).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/cart/promo-code')).toBe(true);
    expect(await totals()).toContainEqual(['Total', '₹9,000']);
    expect(calls.filter((c) => c.url === '/orders')).toHaveLength(1);
  });

  it('offers the same when paying by card: the payment is asked again without the code', async () => {
    let attempt = 0;
    const { calls } = shop({
      'GET /cart/offers': { body: diwaliCode() },
      'POST /payment/initiate': () =>
        ++attempt === 1 ? usedUp : { status: 503, body: { message: 'Card payments are resting' } },
    });
    renderCheckout();
    await chooseAddress();
    await userEvent.click(screen.getByRole('radio', { name: /Card/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Place the order without the code' }));

    expect(await screen.findAllByText('Card payments are resting')).not.toHaveLength(0);
    const [first, second] = calls.filter((c) => c.url === '/payment/initiate');
    expect(first?.body).toEqual({ paymentMethod: 'card', selectedAddress: anAddress() });
    expect(second?.body).toEqual({ paymentMethod: 'card', selectedAddress: anAddress(), withoutCode: true });
    expect(second?.headers['Idempotency-Key']).not.toBe(first?.headers['Idempotency-Key']);
  });
});
