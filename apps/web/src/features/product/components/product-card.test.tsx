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
});
