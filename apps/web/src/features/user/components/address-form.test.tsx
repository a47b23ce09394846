import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { render as renderDom, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aPincode, anAddress } from '../../../test/commerce-fixtures';
import { fakeApi, type FakeCall } from '../../../test/fake-api';
import { makeStore } from '../../../lib/store';
import { AddressForm } from './address-form';

const render = (form: ReactElement) => renderDom(<Provider store={makeStore()}>{form}</Provider>);

let calls: FakeCall[];
beforeEach(() => {
  ({ calls } = fakeApi({
    'GET /pincodes/400002': { body: aPincode({ pin: '400002', district: 'Mumbai' }) },
    'GET /pincodes/560001': { body: aPincode({ pin: '560001', district: 'Bengaluru Urban', state: 'Karnataka' }) },
    'GET /pincodes/793001': {
      body: aPincode({ pin: '793001', district: 'East Khasi Hills', state: 'Meghalaya', deliverable: false, cod: false, estimatedDelivery: null }),
    },
    'GET /pincodes/123456': { status: 404, body: { message: 'PIN code 123456 does not exist' } },
  }));
});
afterEach(() => vi.unstubAllGlobals());

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
    await userEvent.selectOptions(screen.getByLabelText('State'), a.state);
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

  it('fills City and State from a PIN, and the shopper may still change the city', async () => {
    const onSubmit = vi.fn();
    render(<AddressForm defaultValues={{ name: 'Ravi Kumar', email: 'ravi@example.com', phone: '+919845012345' }} onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Street address'), '4 MG Road');
    await userEvent.type(screen.getByLabelText('PIN Code'), '560 001');
    await waitFor(() => expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Bengaluru Urban'));
    expect((screen.getByLabelText('State') as HTMLSelectElement).value).toBe('Karnataka');
    expect(calls.filter((c) => c.url === '/pincodes/560001')).toHaveLength(1);

    await userEvent.clear(screen.getByLabelText('City'));
    await userEvent.type(screen.getByLabelText('City'), 'Bengaluru');
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ street: '4 MG Road', city: 'Bengaluru', state: 'Karnataka', pinCode: '560001' }),
    );
  });

  it('offers the 36 states and union territories, and preselects a saved address’s state written its own way', async () => {
    render(<AddressForm defaultValues={anAddress({ state: 'MH' })} onSubmit={vi.fn()} />);
    const state = screen.getByLabelText('State') as HTMLSelectElement;
    expect(state.tagName).toBe('SELECT');
    // The placeholder, then the 36.
    expect(state.options).toHaveLength(37);
    expect(state.value).toBe('Maharashtra');
  });

  it('says on the field that an unknown PIN does not exist, and does not save', async () => {
    const onSubmit = vi.fn();
    render(<AddressForm defaultValues={anAddress({ pinCode: '' })} onSubmit={onSubmit} />);
    const pin = screen.getByLabelText('PIN Code');
    await userEvent.type(pin, '123456');
    expect(await screen.findByText('PIN code 123456 does not exist')).toBeTruthy();
    expect(pin.getAttribute('aria-invalid')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.clear(pin);
    await userEvent.type(pin, '400002');
    await waitFor(() => expect(screen.queryByText('PIN code 123456 does not exist')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(onSubmit).toHaveBeenCalledWith(anAddress());
  });

  it('refuses a PIN that is not six digits, and notes a PIN the shop does not deliver to', async () => {
    const onSubmit = vi.fn();
    render(<AddressForm defaultValues={anAddress({ pinCode: '' })} onSubmit={onSubmit} />);
    const pin = screen.getByLabelText('PIN Code');
    await userEvent.type(pin, '04001');
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByText('A PIN code is 6 digits and does not start with 0')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.clear(pin);
    await userEvent.type(pin, '793001');
    expect(await screen.findByText('We do not deliver to 793001 yet')).toBeTruthy();
  });

  it('keeps the city and state of the address being edited when its PIN is looked up', async () => {
    render(<AddressForm defaultValues={anAddress({ city: 'Colaba' })} onSubmit={vi.fn()} />);
    await waitFor(() => expect(calls.some((c) => c.url === '/pincodes/400002')).toBe(true));
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Colaba');
  });
});
