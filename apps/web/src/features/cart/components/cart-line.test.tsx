import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { aCartItem } from '../../../test/commerce-fixtures';
import { CartLine } from './cart-line';

function line(item = aCartItem()) {
  render(
    <MemoryRouter>
      <ul>
        <CartLine item={item} onQuantityChange={() => {}} onRemove={() => {}} />
      </ul>
    </MemoryRouter>,
  );
}

describe('a cart line', () => {
  it('names the size of a variant as the shop sells it', () => {
    line(aCartItem({ size: 38, variant: { id: 3, sku: 'K-3', color: '#1f6b3a', size: 'M' } }));
    expect(screen.getByText('Size: M')).toBeTruthy();
  });

  it('gives a numbered variant size its unit when the line knows it', () => {
    const item = aCartItem({ size: 5.5, variant: { id: 4, sku: null, color: '#7a1f2b', size: '5.5' } });
    line({ ...item, product: { ...item.product, sizeUnit: 'm' } });
    expect(screen.getByText('Size: 5.5 m')).toBeTruthy();
  });

  it('keeps inches for a line of one shared stock', () => {
    line(aCartItem({ size: 216 }));
    expect(screen.getByText('Size: 216 in')).toBeTruthy();
  });
});
