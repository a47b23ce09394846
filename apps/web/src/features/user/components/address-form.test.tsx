import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { anAddress } from '../../../test/commerce-fixtures';
import { AddressForm } from './address-form';

const MESSAGES = [
  'Name is required',
  'Email is required',
  'Phone is required',
  'Street is required',
  'City is required',
  'State is required',
  'PIN Code is required',
];

describe('AddressForm', () => {
  it('shows every required-field message under its field and does not submit an empty form', async () => {
    const onSubmit = vi.fn();
    render(<AddressForm onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    for (const m of MESSAGES) expect(await screen.findByText(m)).toBeTruthy();
    expect(screen.getByLabelText('PIN Code').getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the trimmed address and clears itself when asked to', async () => {
    const onSubmit = vi.fn();
    render(<AddressForm onSubmit={onSubmit} resetOnSubmit />);
    const a = anAddress();
    await userEvent.type(screen.getByLabelText('Full name'), `  ${a.name} `);
    await userEvent.type(screen.getByLabelText('Email'), a.email);
    await userEvent.type(screen.getByLabelText('Phone'), a.phone);
    await userEvent.type(screen.getByLabelText('Street address'), a.street);
    await userEvent.type(screen.getByLabelText('City'), a.city);
    await userEvent.type(screen.getByLabelText('State'), a.state);
    await userEvent.type(screen.getByLabelText('PIN Code'), a.pinCode);
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(onSubmit).toHaveBeenCalledWith(a);
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('');
  });

  it('starts from the address being edited and offers Cancel', async () => {
    const onCancel = vi.fn();
    render(
      <AddressForm
        defaultValues={anAddress({ city: 'Pune' })}
        onSubmit={vi.fn()}
        onCancel={onCancel}
        submitLabel="Update Address"
      />,
    );
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Pune');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('takes an optional GSTIN for a business purchase, upper-cased, with the business name', async () => {
    const onSubmit = vi.fn();
    render(<AddressForm defaultValues={anAddress()} onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('GSTIN (for a business purchase)'), '27aapfu0939f1zv');
    await userEvent.type(screen.getByLabelText('Business name (optional)'), 'Iyer Silks');
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(onSubmit).toHaveBeenCalledWith({ ...anAddress(), gstin: '27AAPFU0939F1ZV', businessName: 'Iyer Silks' });
  });

  it('says under the field when the GSTIN is of another state than the address, and does not submit', async () => {
    const onSubmit = vi.fn();
    render(<AddressForm defaultValues={anAddress()} onSubmit={onSubmit} />);
    const gstin = screen.getByLabelText('GSTIN (for a business purchase)');
    await userEvent.type(gstin, '29AAAAA0000A1ZY');
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByText('This GSTIN is registered in Karnataka: for a delivery in Maharashtra it starts with 27')).toBeTruthy();
    expect(gstin.getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
