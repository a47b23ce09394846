import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShopSettings } from '@shop/shared/settings';
import { aShop, aUser } from '../../../test/commerce-fixtures';
import { fakeApi } from '../../../test/fake-api';
import { renderPage, signedInAs } from '../../../test/render-page';
import { selectShopSettings } from '../../../features/settings/settings-api';
import ShopSettingsPage from './settings';

const admin = aUser({ id: 1, role: 'admin', name: 'Admin' });
const settings: ShopSettings = aShop();

function renderSettings() {
  return renderPage(<ShopSettingsPage />, {
    path: '/admin/settings',
    url: '/admin/settings',
    state: signedInAs(admin),
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('the Shop Settings page', () => {
  it('shows every setting in titled sections, the low-stock threshold too', async () => {
    fakeApi({ 'GET /settings/admin': { body: settings }, 'GET /settings': { body: settings } });
    renderSettings();
    expect(await screen.findByLabelText('Legal name')).toHaveProperty('value', 'Saree Pari');
    for (const title of ['Business Details', 'Grievance Officer', 'Customer Support', 'Inventory']) {
      expect(screen.getByRole('region', { name: title })).toBeTruthy();
    }
    expect(screen.getByLabelText('State')).toHaveProperty('value', 'Maharashtra');
    expect(screen.getByLabelText('GSTIN')).toHaveProperty('value', '27AAAAA0000A1Z2');
    const grievance = screen.getByRole('region', { name: 'Grievance Officer' });
    expect(within(grievance).getByLabelText('Email')).toHaveProperty('value', 'grievance@sareepari.example');
    expect(screen.getByLabelText('Low-stock threshold')).toHaveProperty('value', '5');
  });

  it('says inline what is wrong with a GSTIN of another state and sends nothing', async () => {
    const { calls } = fakeApi({
      'GET /settings/admin': { body: settings },
      'GET /settings': { body: settings },
    });
    renderSettings();
    const user = userEvent.setup();
    const gstin = await screen.findByLabelText('GSTIN');
    await user.clear(gstin);
    await user.type(gstin, '29AAAAA0000A1ZY');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('A GSTIN of Maharashtra starts with 27')).toBeTruthy();
    expect(gstin.getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('saves the whole record, says so in a toast, and the shop settings on show follow', async () => {
    const { calls } = fakeApi({
      'GET /settings/admin': { body: settings },
      'PUT /settings': (c) => ({ body: c.body }),
    });
    const { store } = renderSettings();
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('State'), 'Karnataka');
    await user.clear(screen.getByLabelText('GSTIN'));
    await user.type(screen.getByLabelText('GSTIN'), '29aaaaa0000a1zy');
    await user.clear(screen.getByLabelText('Low-stock threshold'));
    await user.type(screen.getByLabelText('Low-stock threshold'), '8');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Shop settings saved')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      ...settings,
      state: 'Karnataka',
      gstin: '29AAAAA0000A1ZY',
      lowStockThreshold: 8,
    });
    await vi.waitFor(() =>
      expect(selectShopSettings(store.getState())).toMatchObject({
        state: 'Karnataka',
        gstin: '29AAAAA0000A1ZY',
      }),
    );
    expect(selectShopSettings(store.getState())).not.toHaveProperty('lowStockThreshold');
  });

  it('shows the server’s refusal as a toast and keeps what was typed', async () => {
    fakeApi({
      'GET /settings/admin': { body: settings },
      'PUT /settings': { status: 400, body: { message: 'Invalid email' } },
    });
    renderSettings();
    const user = userEvent.setup();
    await user.clear(await screen.findByLabelText('Legal name'));
    await user.type(screen.getByLabelText('Legal name'), 'Saree Pari LLP');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Invalid email')).toBeTruthy();
    expect(screen.getByLabelText('Legal name')).toHaveProperty('value', 'Saree Pari LLP');
  });
});

describe('the footer', () => {
  it('reads Get In Touch from the shop settings: support contacts, the seller, its GSTIN and the grievance officer', async () => {
    fakeApi({
      'GET /settings/admin': { body: settings },
      'GET /settings': {
        body: {
          ...settings,
          supportEmail: 'care@kaveri.example',
          grievanceName: 'Lakshmi Rao',
          lowStockThreshold: undefined,
        },
      },
    });
    renderSettings();
    const footer = screen.getByRole('contentinfo');
    expect(await within(footer).findByRole('link', { name: 'care@kaveri.example' })).toHaveProperty(
      'href',
      'mailto:care@kaveri.example',
    );
    expect(within(footer).getByRole('link', { name: '+91 98200 12345' }).getAttribute('href')).toBe(
      'tel:+919820012345',
    );
    expect(footer.textContent).toContain('GSTIN 27AAAAA0000A1Z2');
    expect(footer.textContent).toContain('Grievance Officer: Lakshmi Rao, grievance@sareepari.example');
    expect(within(footer).getByRole('link', { name: 'care@kaveri.example' }).getAttribute('href')).toBe(
      'mailto:care@kaveri.example',
    );
  });
});
