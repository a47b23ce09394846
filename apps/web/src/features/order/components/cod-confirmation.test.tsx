import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CodConfirmation as Confirmation } from '@shop/shared/order';
import { fakeApi } from '../../../test/fake-api';
import { renderPage } from '../../../test/render-page';
import { CodConfirmation } from './cod-confirmation';

const TOKEN = 'p64cMou7-cJHorGwz-SrzQu_Yc9i6TGQ';

function aConfirmation(over: Partial<Confirmation> = {}): Confirmation {
  return {
    orderId: 101,
    status: 'pending',
    confirmation: 'awaiting',
    confirmBy: '2026-11-27T19:46:00.000Z',
    createdAt: '2026-11-26T19:46:00.000Z',
    totalAmount: 9049,
    codFee: 49,
    items: [{ title: 'Kanjivaram Silk Saree', quantity: 1, thumbnail: '/uploads/abc.webp', sizeText: '5.5 m', color: '#7a1f2b', price: 9000 }],
    deliverTo: { name: 'Meera Iyer', city: 'Mumbai', state: 'Maharashtra', pinCode: '400050' },
    ...over,
  };
}

const renderConfirm = (token = TOKEN) =>
  renderPage(<CodConfirmation id="101" token={token} />, { path: '/orders/:id/confirm', url: `/orders/101/confirm?token=${token}` });

afterEach(() => vi.unstubAllGlobals());

describe('the confirmation link’s page', () => {
  it('shows the order, its fee and where it goes, and confirms it with one press', async () => {
    const { calls } = fakeApi({
      [`GET /orders/101/confirm?token=${TOKEN}`]: { body: aConfirmation() },
      'POST /orders/101/confirm': { body: aConfirmation({ confirmation: 'confirmed' }) },
    });
    renderConfirm();
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your order' })).toBeTruthy();
    expect(screen.getByText('Order #101')).toBeTruthy();
    expect(screen.getByText('Kanjivaram Silk Saree')).toBeTruthy();
    expect(screen.getByText('Cash on delivery fee').nextElementSibling?.textContent).toBe('₹49');
    expect(screen.getByText('To pay in cash on delivery').nextElementSibling?.textContent).toBe('₹9,049');
    expect(screen.getByText('Meera Iyer, Mumbai, Maharashtra 400050')).toBeTruthy();
    expect(screen.getByText('Sat, 28 Nov, 1:16 am')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Confirm order' }));
    const done = await screen.findByRole('heading', { level: 1, name: 'Order confirmed — we will dispatch it soon' });
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ token: TOKEN });
    expect(screen.queryByRole('button', { name: 'Confirm order' })).toBeNull();
  });

  it('shows an order confirmed before as confirmed', async () => {
    fakeApi({ [`GET /orders/101/confirm?token=${TOKEN}`]: { body: aConfirmation({ confirmation: 'confirmed' }) } });
    renderConfirm();
    expect(await screen.findByRole('heading', { level: 1, name: 'Order confirmed — we will dispatch it soon' })).toBeTruthy();
  });

  it('says when the link is not valid, without asking when it has no token', async () => {
    fakeApi({ [`GET /orders/101/confirm?token=${TOKEN}`]: { status: 404, body: { message: 'This confirmation link is not valid' } } });
    renderConfirm();
    expect(await screen.findByRole('heading', { level: 1, name: 'This confirmation link is not valid' })).toBeTruthy();
  });

  it('says the order was cancelled, and shows the server’s refusal when it was cancelled meanwhile', async () => {
    let cancelled = false;
    fakeApi({
      [`GET /orders/101/confirm?token=${TOKEN}`]: () =>
        cancelled
          ? { status: 409, body: { message: 'This order was cancelled as it was not confirmed in time' } }
          : { body: aConfirmation() },
      'POST /orders/101/confirm': () => {
        cancelled = true;
        return { status: 409, body: { message: 'This order was cancelled as it was not confirmed in time' } };
      },
    });
    renderConfirm();
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm order' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This order was cancelled as it was not confirmed in time' }),
    ).toBeTruthy();
  });

  it('shows a cancelled order as cancelled', async () => {
    fakeApi({ [`GET /orders/101/confirm?token=${TOKEN}`]: { body: aConfirmation({ status: 'cancelled' }) } });
    renderConfirm();
    expect(await screen.findByRole('heading', { level: 1, name: 'This order was cancelled' })).toBeTruthy();
    expect(screen.getByText('It can no longer be confirmed. You are welcome to place it again whenever you like.')).toBeTruthy();
  });
});
