import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aCartItem, anAddress, anOrder, aUser } from '../../test/commerce-fixtures';
import { typePlace } from '../../test/address-input';
import { fakeApi, type FakeReply } from '../../test/fake-api';
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
});
