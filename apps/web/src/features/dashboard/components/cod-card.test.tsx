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
  });
});
