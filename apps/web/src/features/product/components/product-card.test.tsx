import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { aProduct } from '../../../test/commerce-fixtures';
import { ProductCard } from './product-card';

describe('the product card', () => {
  it('shows the whole-rupee price, the struck-through original and what the shopper saves', () => {
    render(
      <MemoryRouter>
        <ProductCard
          product={aProduct({ price: 3310, discountPercentage: 15, discountedPrice: 2814 })}
          href="/p/1"
        />
      </MemoryRouter>,
    );
    expect(screen.getByText('₹2,814')).toBeTruthy();
    expect(screen.getByText('₹3,310').tagName).toBe('S');
    expect(screen.getByText('You save ₹496')).toBeTruthy();
  });

  it('says nothing about saving when there is no discount', () => {
    render(
      <MemoryRouter>
        <ProductCard
          product={aProduct({ price: 2815, discountPercentage: 0, discountedPrice: 2815 })}
          href="/p/1"
        />
      </MemoryRouter>,
    );
    expect(screen.getByText('₹2,815')).toBeTruthy();
    expect(screen.queryByText(/You save/)).toBeNull();
  });

  it('shows an automatic sale: its price big, the usual price struck through, and the sale’s badge', () => {
    render(
      <MemoryRouter>
        <ProductCard
          product={aProduct({
            price: 2999,
            discountPercentage: 17,
            discountedPrice: 2499,
            salePrice: 1999,
            sale: { name: 'Diwali Sale', endsAt: '2026-11-04T00:00:00+05:30' },
          })}
          href="/p/1"
        />
      </MemoryRouter>,
    );
    const price = screen.getByText('₹1,999').parentElement!;
    expect(price.textContent).toBe('₹1,999, was ₹2,499You save ₹500');
    expect(screen.getByText('₹2,499').tagName).toBe('S');
    expect(screen.getByText('Diwali Sale')).toBeTruthy();
  });

  it('shows only the badge for a sale that does not lower one piece’s price (buy 2 get 1)', () => {
    render(
      <MemoryRouter>
        <ProductCard
          product={aProduct({
            price: 2815,
            discountPercentage: 0,
            discountedPrice: 2815,
            sale: { name: 'Buy 2 Get 1', endsAt: null },
          })}
          href="/p/1"
        />
      </MemoryRouter>,
    );
    expect(screen.getByText('Buy 2 Get 1')).toBeTruthy();
    expect(screen.getByText('₹2,815')).toBeTruthy();
    expect(screen.queryByText(/was/)).toBeNull();
  });
});
