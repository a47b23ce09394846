import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DocumentLinks } from './document-links';

describe('DocumentLinks', () => {
  it('links the invoice PDF of an invoiced order for download', () => {
    render(<DocumentLinks order={{ id: 7, invoiceNumber: 'INV/26-27/000007', creditNoteNumber: null }} />);
    const link = screen.getByRole('link', { name: 'Download invoice' });
    expect(link.getAttribute('href')).toBe('/api/orders/7/invoice');
    expect(link.hasAttribute('download')).toBe(true);
    expect(screen.queryByRole('link', { name: 'Download credit note' })).toBeNull();
  });

  it('adds the credit note once the order was cancelled', () => {
    render(<DocumentLinks order={{ id: 7, invoiceNumber: 'INV/26-27/000007', creditNoteNumber: 'CN/26-27/000002' }} />);
    expect(screen.getByRole('link', { name: 'Download credit note' }).getAttribute('href')).toBe('/api/orders/7/credit-note');
  });

  it('shows nothing for an order without documents, and names icon-only links by their number in a table', () => {
    const { container } = render(<DocumentLinks order={{ id: 8, invoiceNumber: null, creditNoteNumber: null }} />);
    expect(container.innerHTML).toBe('');
    render(<DocumentLinks compact order={{ id: 9, invoiceNumber: 'INV/26-27/000009', creditNoteNumber: null }} />);
    expect(screen.getByRole('link', { name: 'Download invoice INV/26-27/000009 of order #9' })).toBeTruthy();
  });
});
