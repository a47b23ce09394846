import { MemoryRouter } from 'react-router';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Dashboard } from '@shop/shared/order';
import type { DashboardReviews } from '@shop/shared/reviews';
import { LowStock } from './breakdowns';
import { NewReviewsCard } from './reviews-card';

const review = (over: Partial<DashboardReviews['latest'][number]>): DashboardReviews['latest'][number] => ({
  id: 1,
  productId: 3,
  productTitle: 'Kanjivaram Gold',
  customerName: 'Asha Rao',
  rating: 5,
  title: 'Pure zari, lovely drape',
  status: 'published',
  createdAt: '2026-11-27T18:45:00.000Z',
  ...over,
});

const showCard = (reviews: DashboardReviews) =>
  render(
    <MemoryRouter>
      <NewReviewsCard reviews={reviews} />
    </MemoryRouter>,
  );

describe('the New reviews card', () => {
  it('counts the period’s reviews, links the waiting ones to approval, and lists the latest with stars', () => {
    showCard({
      count: 12,
      pending: 2,
      latest: [
        review({ id: 9, rating: 2, title: 'Thin cloth', status: 'pending', customerName: 'Meera Iyer' }),
        review({ id: 8 }),
      ],
    });
    const card = screen.getByRole('region', { name: 'New reviews' });
    const figures = within(card)
      .getAllByRole('term')
      .map((t) => `${t.textContent}: ${t.nextSibling?.textContent}`);
    expect(figures).toEqual(['Written: 12', 'Waiting for approval: 2']);
    expect(within(card).getByRole('link', { name: '2' }).getAttribute('href')).toBe(
      '/admin/reviews?status=pending',
    );
    expect(within(card).getByRole('link', { name: 'All reviews' }).getAttribute('href')).toBe(
      '/admin/reviews',
    );

    const items = within(within(card).getByRole('list', { name: 'Latest reviews' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    // India's day: 27 Nov 18:45 UTC is 28 Nov in India.
    expect(items[0]!.textContent).toContain('Kanjivaram Gold · Meera Iyer · 28 Nov 2026');
    expect(within(items[0]!).getByRole('img', { name: '2 of 5 stars' })).toBeTruthy();
    expect(within(items[0]!).getByRole('link', { name: 'Approve “Thin cloth”' }).getAttribute('href')).toBe(
      '/admin/reviews?status=pending',
    );
    expect(within(items[1]!).queryByRole('link', { name: /Approve/ })).toBeNull();
    expect(within(items[1]!).getByRole('img', { name: '5 of 5 stars' })).toBeTruthy();
  });

  it('says when no review was written in the period', () => {
    showCard({ count: 0, pending: 0, latest: [] });
    const card = screen.getByRole('region', { name: 'New reviews' });
    expect(card.textContent).toContain('No reviews written in this period.');
    expect(within(card).queryByRole('list')).toBeNull();
  });
});

describe('the low-stock list', () => {
  it('notes how many shoppers wait for a product to come back, and nothing when none do', () => {
    const data = {
      lowStock: {
        threshold: 5,
        products: [
          { id: 1, title: 'Wanted Paithani', brand: 'Nalli', stock: 0, thumbnail: '/t.webp', waiting: 1234 },
          { id: 2, title: 'Quiet Tussar', brand: 'Nalli', stock: 0, thumbnail: '/t.webp', waiting: 0 },
          // An older server's row, without the figure.
          { id: 3, title: 'Old Bandhani', brand: 'Nalli', stock: 2, thumbnail: '/t.webp' },
        ],
      },
      lowStockAlerts: [],
    } as unknown as Dashboard;
    render(
      <MemoryRouter>
        <LowStock data={data} />
      </MemoryRouter>,
    );
    const rows = within(screen.getByRole('region', { name: /Running low/ }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rows).toEqual([
      'Wanted Paithani· NalliOut of stock1,234 waiting',
      'Quiet Tussar· NalliOut of stock',
      'Old Bandhani· Nalli2 left',
    ]);
  });
});
