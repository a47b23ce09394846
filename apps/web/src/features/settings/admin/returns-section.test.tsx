import { Provider } from 'react-redux';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShopSettings } from '@shop/shared/settings';
import { makeStore } from '../../../lib/store';
import { aShop } from '../../../test/commerce-fixtures';
import { fakeApi, type FakeCall } from '../../../test/fake-api';
import { ShopSettingsForm } from './shop-settings-form';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));
afterEach(() => vi.unstubAllGlobals());

const CATEGORIES = ['Sarees', 'Blouses', 'Lehengas'].map((c) => ({ label: c, value: c }));

function show(settings: ShopSettings) {
  const api = fakeApi({
    'GET /category': { body: CATEGORIES },
    'PUT /settings': (c) => ({ body: c.body }),
  });
  render(
    <Provider store={makeStore()}>
      <ShopSettingsForm settings={settings} />
    </Provider>,
  );
  return { ...api, user: userEvent.setup() };
}

const puts = (calls: FakeCall[]) =>
  calls.filter((c) => c.method === 'PUT').map((c) => c.body as ShopSettings);

describe('Settings → Returns', () => {
  it('saves the return window and the categories that cannot be returned', async () => {
    const settings = aShop({ returns: { windowDays: 7, nonReturnableCategories: ['Lehengas'] } });
    const { calls, user } = show(settings);
    const section = screen.getByRole('region', { name: 'Returns' });
    const days = within(section).getByLabelText('Return window (days)');
    expect(days).toHaveProperty('value', '7');
    expect(section.textContent).toContain(
      'Shoppers can ask for a return or an exchange up to 7 days after delivery.',
    );
    const blouses = await within(section).findByRole('checkbox', { name: 'Blouses' });
    expect(within(section).getByRole('checkbox', { name: 'Lehengas' })).toHaveProperty('checked', true);
    expect(within(section).getByRole('checkbox', { name: 'Sarees' })).toHaveProperty('checked', false);

    await user.clear(days);
    await user.type(days, '14');
    await user.click(blouses);
    await user.click(within(section).getByRole('checkbox', { name: 'Lehengas' }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]).toEqual({
      ...settings,
      returns: { windowDays: 14, nonReturnableCategories: ['Blouses'] },
    });
  });

  it('takes 0 days as no returns, and refuses more than 90', async () => {
    const { calls, user } = show(aShop());
    const section = screen.getByRole('region', { name: 'Returns' });
    const days = within(section).getByLabelText('Return window (days)');
    await user.clear(days);
    await user.type(days, '0');
    expect(section.textContent).toContain('Shoppers cannot ask for returns: the shop takes none.');
    await user.clear(days);
    await user.type(days, '120');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await within(section).findByText('Return window is at most 90 days')).toBeTruthy();
    expect(days.getAttribute('aria-invalid')).toBe('true');
    expect(puts(calls)).toEqual([]);
  });

  it('keeps a category the rule names that is no longer in the list, so it can be taken off', async () => {
    show(aShop({ returns: { windowDays: 10, nonReturnableCategories: ['Stitched blouses'] } }));
    const section = screen.getByRole('region', { name: 'Returns' });
    await within(section).findByRole('checkbox', { name: 'Sarees' });
    expect(within(section).getByRole('checkbox', { name: 'Stitched blouses' })).toHaveProperty(
      'checked',
      true,
    );
  });
});
