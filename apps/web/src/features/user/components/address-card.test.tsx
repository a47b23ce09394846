import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { anAddress } from '../../../test/commerce-fixtures';
import { AddressCard } from './address-card';

describe('AddressCard', () => {
  it('shows a business address’s GSTIN and business name', () => {
    render(<AddressCard address={anAddress({ gstin: '27AAPFU0939F1ZV', businessName: 'Iyer Silks' })} />);
    expect(screen.getByText('27AAPFU0939F1ZV')).toBeTruthy();
    expect(screen.getByText(/Iyer Silks/)).toBeTruthy();
  });

  it('shows no GSTIN line for a shopper’s address', () => {
    render(<AddressCard address={anAddress()} />);
    expect(screen.queryByText(/GSTIN/)).toBeNull();
  });
});
