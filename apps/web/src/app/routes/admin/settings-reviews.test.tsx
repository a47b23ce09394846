import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ShopSettingsPage from './settings';
import { aShop, aUser } from '../../../test/commerce-fixtures';
import { fakeApi } from '../../../test/fake-api';
import { renderPage, signedInAs } from '../../../test/render-page';

afterEach(() => vi.unstubAllGlobals());

describe('Settings → Reviews', () => {
  it('shows whether new reviews wait for approval, and saves the switch', async () => {
    const { calls } = fakeApi({
      'GET /settings/admin': { body: aShop({ reviewsNeedApproval: false }) },
      'GET /delivery/pincode-rules': { body: { noDelivery: [], noCod: [] } },
      'PUT /settings': (c) => ({ body: c.body }),
    });
    renderPage(<ShopSettingsPage />, { path: '/admin/settings', url: '/admin/settings', state: signedInAs(aUser({ role: 'admin' })) });
    const section = await screen.findByRole('region', { name: 'Reviews' });
    const toggle = within(section).getByRole('switch', { name: 'Approve new reviews before they are published' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    const user = userEvent.setup();
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Shop settings saved')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ reviewsNeedApproval: true });
  });
});
