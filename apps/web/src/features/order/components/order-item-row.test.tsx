import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aCartItem } from '../../../test/commerce-fixtures';
import { OrderItemRow } from './order-item-row';

// A price in paise that a float sum would get wrong: 3 × ₹1,234.10 = ₹3,702.30.
const line = aCartItem({
  quantity: 3,
  product: { ...aCartItem().product, title: 'Banarasi Silk', discountedPrice: 1234.1 },
});

function renderRow(props: Partial<Parameters<typeof OrderItemRow>[0]> = {}) {
  render(
    <ul>
      <OrderItemRow item={line} imageFor={(src) => ({ src, srcSet: `${src} 400w` })} {...props} />
    </ul>,
  );
  return screen.getByRole('listitem');
}

describe('OrderItemRow', () => {
  it('shows the picture, brand, title, colour, size, Qty: x × price and the line total', () => {
    const row = renderRow();
    expect(row.querySelector('img')?.getAttribute('srcset')).toBe('/uploads/abc.webp 400w');
    expect(row.textContent).toContain('Nalli');
    expect(screen.getByText('Banarasi Silk')).toBeTruthy();
    expect(screen.getByText('Maroon')).toBeTruthy();
    expect(screen.getByText('Size 216 in')).toBeTruthy();
    expect(screen.getByText('Qty: 3 × ₹1,234.10')).toBeTruthy();
    expect(row.textContent).toContain('Line total ₹3,702.30');
  });

  it('in the compact form shows only the title and Qty: x × price', () => {
    const row = renderRow({ compact: true });
    expect(screen.getByText('Banarasi Silk')).toBeTruthy();
    expect(screen.getByText('Qty: 3 × ₹1,234.10')).toBeTruthy();
    expect(row.textContent).not.toContain('Nalli');
    expect(row.textContent).not.toContain('Size');
    expect(row.textContent).not.toContain('₹3,702.30');
  });

  it('makes the title a heading when asked', () => {
    renderRow({ titleAs: 'h3' });
    expect(screen.getByRole('heading', { level: 3, name: 'Banarasi Silk' })).toBeTruthy();
  });

  it('shows the action it is given', async () => {
    const onRemove = vi.fn();
    renderRow({
      action: (
        <button type="button" onClick={onRemove}>
          Remove Banarasi Silk
        </button>
      ),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Remove Banarasi Silk' }));
    expect(onRemove).toHaveBeenCalledOnce();
  });
});
