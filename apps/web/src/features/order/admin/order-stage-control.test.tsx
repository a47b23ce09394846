import { Provider } from 'react-redux';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@shop/shared/order';
import { makeStore } from '../../../lib/store';
import { anOrder } from '../../../test/commerce-fixtures';
import { fakeApi } from '../../../test/fake-api';
import { OrderStageControl } from './order-stage-control';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));
afterEach(() => vi.unstubAllGlobals());

function show(order: Order) {
  render(
    <Provider store={makeStore()}>
      <OrderStageControl order={order} />
    </Provider>,
  );
  return userEvent.setup();
}

const moves = () =>
  within(screen.getByRole('group', { name: 'Move to' }))
    .getAllByRole('button')
    .map((b) => b.textContent);

describe('the stage control', () => {
  it.each([
    ['pending', {}, ['Mark confirmed', 'Cancel order']],
    ['confirmed', {}, ['Mark packed', 'Cancel order']],
    [
      'shipped',
      { status: 'dispatched' },
      ['Mark out for delivery', 'Mark delivered', 'Mark delivery failed'],
    ],
    [
      'undelivered',
      { status: 'dispatched' },
      ['Mark out for delivery', 'Mark delivered', 'Mark returned to us'],
    ],
  ] as const)('offers only the next stages of a %s order', (stage, over, expected) => {
    show(anOrder({ id: 3, stage, ...over }));
    expect(screen.getByText('Stage:').textContent).toContain(
      {
        pending: 'Pending',
        confirmed: 'Confirmed',
        shipped: 'Shipped',
        undelivered: 'Delivery attempt failed',
      }[stage],
    );
    expect(moves()).toEqual(expected);
  });

  it('offers no Confirmed for a cash order awaiting the shopper, whose own button confirms it', () => {
    show(anOrder({ id: 4, confirmation: 'awaiting', confirmBy: '2026-11-27T14:30:00.000Z' }));
    expect(moves()).toEqual(['Cancel order']);
    expect(screen.getByText(/use “Confirm order” above/)).toBeTruthy();
  });

  it('offers nothing once delivered', () => {
    show(anOrder({ id: 5, status: 'delivered' }));
    expect(screen.queryByRole('group', { name: 'Move to' })).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('moves to a stage that changes nothing irreversible at once', async () => {
    const order = anOrder({ id: 6, stage: 'confirmed' });
    const { calls } = fakeApi({ 'PATCH /orders/6': { body: { ...order, stage: 'packed' } } });
    const user = show(order);
    await user.click(screen.getByRole('button', { name: 'Mark packed' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ stage: 'packed' });
  });

  it('asks before cancelling, saying what happens, and sends nothing when the order is kept', async () => {
    const order = anOrder({ id: 7, stage: 'packed' });
    const { calls } = fakeApi({
      'PATCH /orders/7': { body: { ...order, stage: 'cancelled', status: 'cancelled' } },
    });
    const user = show(order);
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order #7?' });
    expect(dialog.textContent).toContain('The shopper is mailed that the order is cancelled.');
    expect(dialog.textContent).toContain(
      'Its stock returns to the shop and a credit note cancels its tax invoice.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep the order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['PATCH', '/orders/7', { stage: 'cancelled' }],
    ]);
  });

  it('asks before marking delivered, and keeps the dialog open with the server’s refusal', async () => {
    const message = 'An order that is shipped cannot be marked delivered';
    const { calls } = fakeApi({ 'PATCH /orders/8': { status: 409, body: { message } } });
    const user = show(anOrder({ id: 8, stage: 'shipped', status: 'dispatched', totalAmount: 18049 }));
    await user.click(screen.getByRole('button', { name: 'Mark delivered' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark order #8 delivered?' });
    expect(dialog.textContent).toContain('The shopper is mailed that the order is delivered.');
    expect(dialog.textContent).toContain('Its cash on delivery, ₹18,049, is recorded as collected.');
    expect(calls).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Mark delivered' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ stage: 'delivered' }]);
  });
});

describe('reopening a cancelled order', () => {
  it('needs a reason of at least 5 characters, then reopens with it', async () => {
    const order = anOrder({ id: 9, status: 'cancelled' });
    const { calls } = fakeApi({
      'POST /orders/9/reopen': { body: { ...order, status: 'pending', stage: 'pending' } },
    });
    const user = show(order);
    expect(screen.queryByRole('group', { name: 'Move to' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Reopen order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reopen order #9?' });
    expect(dialog.textContent).toContain('A new tax invoice is issued and mailed to the shopper.');

    const reopen = within(dialog).getByRole('button', { name: 'Reopen order' });
    await user.click(reopen);
    const reason = within(dialog).getByRole('textbox', { name: 'Why is it reopened?' });
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('Say why the order is reopened (at least 5 characters)')).toBeTruthy();
    await user.type(reason, 'oops');
    await user.click(reopen);
    expect(calls).toEqual([]);

    await user.clear(reason);
    await user.type(reason, '  Shopper called back and wants it  ');
    await user.click(reopen);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['POST', '/orders/9/reopen', { reason: 'Shopper called back and wants it' }],
    ]);
  });

  it('shows why the server refused, in the dialog', async () => {
    const message = 'Kanjivaram Silk Saree is out of stock, so the order cannot be reopened';
    fakeApi({ 'POST /orders/10/reopen': { status: 409, body: { message } } });
    const user = show(anOrder({ id: 10, status: 'cancelled' }));
    await user.click(screen.getByRole('button', { name: 'Reopen order' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), 'Paid by bank transfer after all');
    await user.click(within(dialog).getByRole('button', { name: 'Reopen order' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(message);
  });
});
