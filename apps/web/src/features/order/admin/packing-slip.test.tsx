import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { anOrder } from '../../../test/commerce-fixtures';
import { PackingSlip } from './packing-slip';

describe('the packing slip', () => {
  it('tells the courier the cash to collect for a cash order, and nothing for a prepaid or collected one', () => {
    render(<PackingSlip order={anOrder({ id: 1, totalAmount: 18049 })} />);
    render(
      <PackingSlip
        order={anOrder({ id: 2, paymentMethod: 'card', payment: { paymentMethod: 'card', status: 'paid' } })}
      />,
    );
    render(<PackingSlip order={anOrder({ id: 3, status: 'delivered', cashCollected: true })} />);
    expect(screen.getByRole('article', { name: 'Packing slip for order #1' }).textContent).toContain(
      'Cash to collect: ₹18,049',
    );
    expect(screen.getByRole('article', { name: 'Packing slip for order #2' }).textContent).toContain(
      'Prepaid — collect nothing',
    );
    expect(screen.getByRole('article', { name: 'Packing slip for order #3' }).textContent).not.toContain(
      'Cash to collect',
    );
  });
});
