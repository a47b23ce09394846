import { MemoryRouter } from 'react-router';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReturnFigures } from '@shop/shared/returns';
import { ReturnsCard } from './returns-card';

const show = (returns: ReturnFigures) =>
  render(
    <MemoryRouter>
      <ReturnsCard returns={returns} />
    </MemoryRouter>,
  );

describe('the Returns card', () => {
  it('shows open returns, refunds owed, returns by reason and the most returned products with their rate', () => {
    show({
      byReason: [
        { reason: 'colour', count: 2 },
        { reason: 'size', count: 5 },
        { reason: 'changed_mind', count: 0 },
      ],
      topProducts: [
        { productId: 3, title: 'Kanjivaram Silk Saree', returned: 3, sold: 12 },
        { productId: 8, title: 'Banarasi Saree', returned: 1, sold: 40 },
      ],
      refundsOwed: { count: 2, amount: 4850 },
      open: 6,
    });
    const card = screen.getByRole('region', { name: 'Returns' });
    const figures = within(card)
      .getAllByRole('term')
      .map((t) => `${t.textContent}: ${t.nextSibling?.textContent}`);
    expect(figures).toEqual(['Open returns: 6', 'Refunds owed: ₹4,8502 refunds to pay']);
    expect(within(card).getByRole('link', { name: '₹4,850' }).getAttribute('href')).toBe(
      '/admin/returns?tab=owed',
    );
    expect(within(card).getByRole('link', { name: '6' }).getAttribute('href')).toBe('/admin/returns');

    // Largest first; a reason no one gave is left out.
    const reasons = within(card)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(reasons).toEqual(['Wrong size or fit5', 'Colour looks different2']);

    const rows = within(within(card).getByRole('table'))
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows.slice(1)).toEqual(['Kanjivaram Silk Saree3 of 1225%', 'Banarasi Saree1 of 402.5%']);
    expect(within(card).getByRole('link', { name: 'Kanjivaram Silk Saree' }).getAttribute('href')).toBe(
      '/admin/product-detail/3',
    );
  });

  it('says when the period had no returns', () => {
    show({ byReason: [], topProducts: [], refundsOwed: { count: 0, amount: 0 }, open: 0 });
    const card = screen.getByRole('region', { name: 'Returns' });
    expect(card.textContent).toContain('No returns asked for in this period.');
    expect(within(card).queryByRole('table')).toBeNull();
  });
});
