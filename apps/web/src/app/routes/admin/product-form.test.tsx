import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aUser } from '../../../test/commerce-fixtures';
import { fakeApi } from '../../../test/fake-api';
import { renderPage, signedInAs } from '../../../test/render-page';
import ProductFormPage from './product-form';

const admin = aUser({ id: 1, role: 'admin', name: 'Admin' });

afterEach(() => vi.unstubAllGlobals());

describe('the new product page', () => {
  it('chooses a brand added from its dialog, the new brand among the options', async () => {
    const { calls } = fakeApi({
      'GET /brands': { body: [{ id: 1, label: 'Nalli', value: 'Nalli' }] },
      'GET /category': { body: [{ id: 1, label: 'Sarees', value: 'Sarees' }] },
      'POST /brands/': { status: 201, body: { id: 2, label: 'Pari Looms', value: 'Pari Looms' } },
    });
    renderPage(<ProductFormPage />, {
      path: '/admin/product-form',
      url: '/admin/product-form',
      state: signedInAs(admin),
    });
    const brand = await screen.findByLabelText('Brand', { exact: true });
    await screen.findByRole('option', { name: 'Nalli' });
    await userEvent.click(screen.getByRole('button', { name: 'Add Brand' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Brand' });
    await userEvent.type(within(dialog).getByLabelText('Brand name'), 'Pari Looms');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await vi.waitFor(() => expect((brand as HTMLSelectElement).value).toBe('Pari Looms'));
    expect(calls.filter((c) => c.url === '/brands')).toHaveLength(1);
  });
});
