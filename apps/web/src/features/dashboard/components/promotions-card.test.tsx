import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PromotionsCard } from './promotions-card';

describe('the Promotions card', () => {
  it('shows each promotion’s orders, sales, discount and its orders by India day', () => {
    render(
      <PromotionsCard
        promotions={[
          { id: 4, name: 'Diwali Sale', code: null, uses: 12, revenueRupees: 48_500, discountRupees: 9_700, days: [{ day: '2026-10-20', orders: 5 }, { day: '2026-10-21', orders: 7 }] },
          { id: 9, name: 'Influencer', code: 'ASHA15', uses: 1, revenueRupees: 2_125, discountRupees: 375, days: [{ day: '2026-10-21', orders: 1 }] },
        ]}
      />,
    );
    const card = screen.getByRole('region', { name: 'Promotions' });
    expect(within(card).getByText('12 orders')).toBeTruthy();
    expect(within(card).getByText('1 order')).toBeTruthy();
    expect(within(card).getByText('₹48,500 in sales · ₹9,700 given')).toBeTruthy();
    expect(within(card).getByText('ASHA15')).toBeTruthy();
    const days = within(card).getByRole('list', { name: 'Diwali Sale: orders by day' });
    expect(within(days).getAllByRole('listitem').map((d) => d.textContent)).toEqual(['Tue, 20 Oct: 5', 'Wed, 21 Oct: 7']);
  });

  it('says so when no order used a promotion', () => {
    render(<PromotionsCard promotions={[]} />);
    expect(screen.getByText('No order used a promotion in this period.')).toBeTruthy();
  });
});
