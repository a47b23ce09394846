import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderStatusBadge } from './order-status-badge';

describe('OrderStatusBadge', () => {
  it.each([
    ['pending', 'Pending', 'purple'],
    ['dispatched', 'Dispatched', 'yellow'],
    ['delivered', 'Delivered', 'green'],
    ['cancelled', 'Cancelled', 'red'],
  ] as const)('shows %s as %s in %s', (status, text, colour) => {
    render(<OrderStatusBadge status={status} />);
    const badge = screen.getByText(text);
    expect(badge.className).toContain(`bg-${colour}-100`);
  });
});
