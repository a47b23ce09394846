import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@shop/shared/order';
import { anOrder } from '../../../test/commerce-fixtures';
import { OrderFiltersBar } from './order-filters';
import { DEFAULT_ORDER_SORT, nextSort, OrdersTable, type OrderSort } from './orders-table';
import { readOrderFilters } from './use-admin-orders';

const item = (id: number, title: string) => ({
  id,
  quantity: id,
  color: '#7a1f2b',
  size: 216,
  product: {
    id,
    title,
    brand: 'Nalli',
    category: 'sarees',
    thumbnail: `/uploads/${id}.webp`,
    price: 1000,
    discountPercentage: 0,
    discountedPrice: 1000,
  },
});

function renderTable(orders: Order[], sort: OrderSort = DEFAULT_ORDER_SORT) {
  const handlers = { onSort: vi.fn(), onView: vi.fn(), onStatusChange: vi.fn() };
  render(
    <OrdersTable orders={orders} sort={sort} updatingId={null} imageFor={(src) => ({ src })} {...handlers} />,
  );
  return handlers;
}

describe('nextSort', () => {
  it('sorts a new column ascending and toggles the same column', () => {
    const asc = nextSort(DEFAULT_ORDER_SORT, 'totalAmount');
    expect(asc).toEqual({ key: 'totalAmount', order: 'asc' });
    expect(nextSort(asc, 'totalAmount')).toEqual({ key: 'totalAmount', order: 'desc' });
    expect(nextSort({ key: 'totalAmount', order: 'desc' }, 'totalAmount')).toEqual({
      key: 'totalAmount',
      order: 'asc',
    });
    expect(nextSort({ key: 'totalAmount', order: 'desc' }, 'updatedAt')).toEqual({
      key: 'updatedAt',
      order: 'asc',
    });
  });
});

describe('the orders table', () => {
  it('marks the sorted column with aria-sort and reports header clicks', async () => {
    const { onSort } = renderTable([anOrder()], { key: 'totalAmount', order: 'asc' });
    expect(screen.getByRole('columnheader', { name: /Total Amount/ }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    expect(screen.getByRole('columnheader', { name: /Order Time/ }).getAttribute('aria-sort')).toBe('none');
    await userEvent.click(screen.getByRole('button', { name: /Payment Method/ }));
    expect(onSort).toHaveBeenCalledWith('paymentMethod');
  });

  it('shows the first two items and toggles the rest with Show More / Show Less', async () => {
    const order = anOrder({ items: [item(1, 'Silk One'), item(2, 'Cotton Two'), item(3, 'Chiffon Three')] });
    renderTable([order]);
    expect(screen.getByText('Silk One')).toBeTruthy();
    expect(screen.getByText('Qty: 2 × ₹1,000')).toBeTruthy();
    expect(screen.queryByText('Chiffon Three')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show More' }));
    expect(screen.getByText('Chiffon Three')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show Less' }));
    expect(screen.queryByText('Chiffon Three')).toBeNull();
  });

  it('has no Show More for two items or fewer', () => {
    renderTable([anOrder({ items: [item(1, 'Silk One'), item(2, 'Cotton Two')] })]);
    expect(screen.queryByRole('button', { name: 'Show More' })).toBeNull();
  });

  it('turns the status badge into a dropdown; choosing a status sends it and closes the dropdown', async () => {
    const order = anOrder({ id: 7, status: 'pending' });
    const { onStatusChange } = renderTable([order]);
    await userEvent.click(screen.getByRole('button', { name: 'Edit status of order #7' }));
    const select = screen.getByRole('combobox', { name: 'Status of order #7' });
    expect(document.activeElement).toBe(select);
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Pending', 'Dispatched', 'Delivered', 'Cancelled']);
    await userEvent.selectOptions(select, 'cancelled');
    expect(onStatusChange).toHaveBeenCalledWith(order, 'cancelled');
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('marks unavailable the moves the server refuses, saying why', async () => {
    renderTable([
      anOrder({ id: 7, status: 'cancelled', stage: 'cancelled' }),
      anOrder({ id: 8, status: 'dispatched', stage: 'shipped' }),
      anOrder({ id: 9, status: 'delivered', stage: 'delivered' }),
      anOrder({ id: 10, status: 'pending', stage: 'pending', confirmation: 'awaiting' }),
    ]);
    const options = async (id: number) => {
      await userEvent.click(screen.getByRole('button', { name: `Edit status of order #${id}` }));
      const select = screen.getByRole('combobox', { name: `Status of order #${id}` });
      return within(select)
        .getAllByRole('option')
        .map((o) => [o.textContent, (o as HTMLOptionElement).disabled, o.getAttribute('title')]);
    };
    const reopen = 'reopen it on the order page';
    expect(await options(7)).toEqual([
      [`Pending (${reopen})`, true, `Not available: ${reopen}`],
      [`Dispatched (${reopen})`, true, `Not available: ${reopen}`],
      [`Delivered (${reopen})`, true, `Not available: ${reopen}`],
      ['Cancelled', false, null],
    ]);
    expect(await options(8)).toEqual([
      ['Pending (already dispatched)', true, 'Not available: already dispatched'],
      ['Dispatched', false, null],
      ['Delivered', false, null],
      ['Cancelled', false, null],
    ]);
    expect(await options(9)).toEqual([
      ['Pending (already delivered)', true, 'Not available: already delivered'],
      ['Dispatched (already delivered)', true, 'Not available: already delivered'],
      ['Delivered', false, null],
      ['Cancelled', false, null],
    ]);
    expect(await options(10)).toEqual([
      ['Pending', false, null],
      ['Dispatched (confirm first)', true, 'Not available: confirm first'],
      ['Delivered (confirm first)', true, 'Not available: confirm first'],
      ['Cancelled', false, null],
    ]);
  });

  it('sends a move still open from a dispatched order', async () => {
    const order = anOrder({ id: 8, status: 'dispatched', stage: 'shipped' });
    const { onStatusChange } = renderTable([order]);
    await userEvent.click(screen.getByRole('button', { name: 'Edit status of order #8' }));
    const select = screen.getByRole('combobox', { name: 'Status of order #8' });
    await userEvent.selectOptions(select, 'delivered');
    expect(onStatusChange).toHaveBeenCalledWith(order, 'delivered');
  });

  it('closes the dropdown on Escape without sending anything', async () => {
    const { onStatusChange } = renderTable([anOrder({ id: 7 })]);
    await userEvent.click(screen.getByRole('button', { name: 'Edit status of order #7' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(onStatusChange).not.toHaveBeenCalled();
  });

  it('names the stage under the status where it says more, and only there', () => {
    renderTable([
      anOrder({ id: 7, status: 'dispatched', stage: 'out_for_delivery' }),
      anOrder({ id: 8, status: 'pending', stage: 'packed' }),
      anOrder({ id: 9, status: 'dispatched', stage: 'shipped' }),
      anOrder({ id: 10, status: 'cancelled', stage: 'rto' }),
    ]);
    const status = (row: HTMLElement) =>
      within(row).getByText(/^(Pending|Dispatched|Delivered|Cancelled)$/).parentElement?.textContent;
    const [, ofd, packed, shipped, rto] = screen.getAllByRole('row');
    expect(status(ofd!)).toBe('DispatchedOut for delivery');
    expect(status(packed!)).toBe('PendingPacked');
    expect(status(shipped!)).toBe('Dispatched');
    expect(status(rto!)).toBe('CancelledReturned to us');
  });

  it('shows the address lines and the payment method capitalised', () => {
    renderTable([anOrder()]);
    const row = screen.getAllByRole('row')[1]!;
    expect(row.textContent).toContain('12 Marine Drive');
    expect(row.textContent).toContain('PIN 400002');
    expect(row.textContent).toContain('Phone +919876543210');
    expect(within(row).getByText('Cash')).toBeTruthy();
  });
});

describe('the orders table on a phone', () => {
  // Below the lg breakpoint (64rem) the page has no room for eight columns.
  beforeEach(() => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows each order as a card with the columns named, and no table', () => {
    renderTable([anOrder({ id: 7 })]);
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(screen.getByRole('list', { name: 'All orders' })).getByRole('article', {
      name: 'Order #7',
    });
    for (const label of ['Status', 'Payment Method', 'Shipping Address', 'Order Time', 'Last Updated'])
      expect(within(card).getByText(label)).toBeTruthy();
    expect(card.textContent).toContain('12 Marine Drive');
    expect(within(card).getByText('Cash')).toBeTruthy();
  });

  it('sorts with the same four columns and says which sort is on', async () => {
    const { onSort } = renderTable([anOrder()], { key: 'totalAmount', order: 'desc' });
    const chips = within(screen.getByRole('group', { name: 'Sort orders by' }));
    expect(chips.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Total Amount',
      'Payment Method',
      'Order Time',
      'Last Updated',
    ]);
    expect(chips.getByRole('status').textContent).toBe('Sorted by Total Amount, descending');
    await userEvent.click(chips.getByRole('button', { name: 'Last Updated' }));
    expect(onSort).toHaveBeenCalledWith('updatedAt');
  });

  it('expands the items and edits the status inside the card', async () => {
    const order = anOrder({
      id: 7,
      items: [item(1, 'Silk One'), item(2, 'Cotton Two'), item(3, 'Chiffon Three')],
    });
    const { onStatusChange, onView } = renderTable([order]);
    await userEvent.click(screen.getByRole('button', { name: 'Show More' }));
    expect(screen.getByText('Chiffon Three')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Edit status of order #7' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status of order #7' }), 'delivered');
    expect(onStatusChange).toHaveBeenCalledWith(order, 'delivered');
    expect(screen.queryByRole('combobox')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'View order #7' }));
    expect(onView).toHaveBeenCalledWith(order);
  });
});

describe('cash orders awaiting confirmation in the list', () => {
  it('marks a row awaiting confirmation next to its status, and not a confirmed or cancelled one', () => {
    renderTable([
      anOrder({ id: 7, confirmation: 'awaiting', confirmBy: '2026-11-27T14:30:00.000Z' }),
      anOrder({ id: 8, confirmation: 'confirmed' }),
      anOrder({ id: 9, confirmation: 'awaiting', status: 'cancelled' }),
    ]);
    const [, first, second, third] = screen.getAllByRole('row');
    expect(within(first!).getByText('Awaiting confirmation').parentElement?.textContent).toBe(
      'PendingAwaiting confirmation',
    );
    expect(within(second!).queryByText('Awaiting confirmation')).toBeNull();
    expect(within(third!).queryByText('Awaiting confirmation')).toBeNull();
  });

  it('toggles the "Awaiting confirmation" filter, keeping the others', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<OrderFiltersBar filters={{ paymentMethod: 'cash' }} onChange={onChange} />);
    const toggle = screen.getByRole('button', { name: 'Awaiting confirmation' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(toggle);
    expect(onChange).toHaveBeenLastCalledWith({ paymentMethod: 'cash', confirmation: 'awaiting' });
    rerender(
      <OrderFiltersBar filters={{ paymentMethod: 'cash', confirmation: 'awaiting' }} onChange={onChange} />,
    );
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(toggle);
    expect(onChange).toHaveBeenLastCalledWith({ paymentMethod: 'cash', confirmation: undefined });
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onChange).toHaveBeenLastCalledWith({});
  });

  it('reads the filter from the URL under the API’s name', () => {
    expect(readOrderFilters(new URLSearchParams('confirmation=awaiting&status=pending'))).toEqual({
      status: ['pending'],
      confirmation: 'awaiting',
    });
    expect(readOrderFilters(new URLSearchParams('confirmation='))).toEqual({});
  });
});
