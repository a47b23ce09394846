import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aPincode } from '../../../test/commerce-fixtures';
import { fakeApi, type FakeCall } from '../../../test/fake-api';
import { renderPage } from '../../../test/render-page';
import { CheckDelivery, DELIVERY_PIN_KEY } from './check-delivery';

let calls: FakeCall[];
beforeEach(() => {
  sessionStorage.clear();
  ({ calls } = fakeApi({
    'GET /pincodes/400050': { body: aPincode() },
    'GET /pincodes/110001': {
      body: aPincode({ pin: '110001', district: 'New Delhi', state: 'Delhi', cod: false, estimatedDelivery: { from: '2026-11-26', to: '2026-11-28' } }),
    },
    'GET /pincodes/793001': {
      body: aPincode({ pin: '793001', district: 'East Khasi Hills', state: 'Meghalaya', deliverable: false, cod: false, estimatedDelivery: null }),
    },
    'GET /pincodes/123456': { status: 404, body: { message: 'PIN code 123456 does not exist' } },
  }));
});
afterEach(() => vi.unstubAllGlobals());

const renderBox = () => renderPage(<CheckDelivery />, { path: '/product-detail/:id', url: '/product-detail/1' });
const box = () => within(screen.getByRole('region', { name: 'Check delivery' }));

async function check(pin: string) {
  const field = screen.getByRole('textbox', { name: 'Check delivery' });
  await userEvent.clear(field);
  await userEvent.type(field, pin);
  await userEvent.click(screen.getByRole('button', { name: 'Check' }));
}

describe('Check delivery', () => {
  it('tells the date, whether cash is taken and the place, for a PIN the shop delivers to', async () => {
    renderBox();
    expect(screen.getByRole('textbox', { name: 'Check delivery' }).getAttribute('inputmode')).toBe('numeric');
    await check('400 050');
    expect(await box().findByText('Delivery by Sat, 28 Nov')).toBeTruthy();
    expect(box().getByText('Cash on delivery available')).toBeTruthy();
    expect(box().getByText('To Mumbai, Maharashtra 400050')).toBeTruthy();
    expect(calls.map((c) => c.url)).toEqual(['/pincodes/400050']);
  });

  it('gives a range of days, and says when cash is not taken', async () => {
    renderBox();
    await check('110001');
    expect(await box().findByText('Delivery between Thu, 26 Nov and Sat, 28 Nov')).toBeTruthy();
    expect(box().getByText('Cash on delivery not available')).toBeTruthy();
    expect(box().getByText('To New Delhi, Delhi 110001')).toBeTruthy();
  });

  it('says the shop does not deliver to a PIN yet, and that an unknown PIN does not exist', async () => {
    renderBox();
    await check('793001');
    expect(await box().findByText('We do not deliver to 793001 yet')).toBeTruthy();
    expect(box().getByText('East Khasi Hills, Meghalaya 793001')).toBeTruthy();
    await check('123456');
    expect(await box().findByText('PIN code 123456 does not exist')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Check delivery' }).getAttribute('aria-invalid')).toBe('true');
    expect(sessionStorage.getItem(DELIVERY_PIN_KEY)).toBeNull();
  });

  it('refuses what is not a PIN without asking the server', async () => {
    renderBox();
    await check('04005');
    expect(await box().findByText('A PIN code is 6 digits and does not start with 0')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('remembers the PIN for the visit and answers for it on the next product page', async () => {
    renderBox();
    await check('400050');
    await box().findByText('Delivery by Sat, 28 Nov');
    expect(sessionStorage.getItem(DELIVERY_PIN_KEY)).toBe('400050');
    cleanup();

    renderBox();
    expect(await box().findByText('Delivery by Sat, 28 Nov')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Check delivery' }) as HTMLInputElement).value).toBe('400050');
  });
});
