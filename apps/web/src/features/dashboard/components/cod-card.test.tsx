import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CodCard } from './cod-card';

describe('the Cash on delivery card', () => {
  it('shows the cash orders’ share and what became of their confirmation', () => {
    render(<CodCard cod={{ orders: 5, share: 5 / 6, confirmed: 1, cancelledUnconfirmed: 2, awaiting: 1 }} />);
    const card = screen.getByRole('region', { name: 'Cash on delivery' });
    expect(card.textContent).toContain('83.3%of orders (5 orders)');
    const counts = within(card)
      .getAllByRole('term')
      .map((t) => `${t.textContent} ${t.nextSibling?.textContent}`);
    expect(counts).toEqual(['Confirmed 1', 'Awaiting confirmation 1', 'Cancelled unconfirmed 2']);
    expect(within(card).queryByRole('table')).toBeNull();
  });

  it('lists the PIN areas where shipped cash parcels came back, with their rate', () => {
    render(<CodCard cod={{ orders: 5, share: 1, confirmed: 5, cancelledUnconfirmed: 0, awaiting: 0, returnedByPrefix: [{ prefix: '793', shipped: 4, returned: 3, rate: 0.75 }] }} />);
    const rows = within(screen.getByRole('table')).getAllByRole('row').map((r) => r.textContent);
    expect(rows.at(-1)).toBe('793xxx3 of 475%');
  });
});
