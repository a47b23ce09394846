import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aUser } from '../../../test/commerce-fixtures';
import { fakeApi } from '../../../test/fake-api';
import { renderPage, signedInAs } from '../../../test/render-page';
import AdminCustomerDetailPage from './customer-detail';
import AdminCustomersPage from './customers';

const LIST = { customers: [], total: 0 };

afterEach(() => vi.unstubAllGlobals());

describe('the Customers pages', () => {
  it('gives the owner the CSV and staff the list without it', async () => {
    fakeApi({ 'GET /customers': { body: LIST } });
    const owner = aUser({ id: 1, role: 'admin', name: 'Admin' });
    renderPage(<AdminCustomersPage />, {
      path: '/admin/customers',
      url: '/admin/customers',
      state: signedInAs(owner),
    });
    expect(await screen.findByRole('heading', { name: 'No customers yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toBeTruthy();
    cleanup();

    const staff = aUser({ id: 2, role: 'staff', name: 'Meera' });
    renderPage(<AdminCustomersPage />, {
      path: '/admin/customers',
      url: '/admin/customers',
      state: signedInAs(staff),
    });
    expect(await screen.findByRole('heading', { name: 'No customers yet' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
  });

  it('reads the customer named in the path, and asks nothing for a path that names no one', async () => {
    const { calls } = fakeApi({
      'GET /customers/7': { status: 404, body: { message: 'Customer not found' } },
    });
    const owner = aUser({ id: 1, role: 'admin', name: 'Admin' });
    renderPage(<AdminCustomerDetailPage />, {
      path: '/admin/customers/:id',
      url: '/admin/customers/7',
      state: signedInAs(owner),
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Customer not found');
    expect(screen.getByRole('link', { name: 'All customers' }).getAttribute('href')).toBe('/admin/customers');
    cleanup();

    renderPage(<AdminCustomerDetailPage />, {
      path: '/admin/customers/:id',
      url: '/admin/customers/1e3',
      state: signedInAs(owner),
    });
    expect(screen.getByRole('alert').textContent).toBe('Customer not found');
    expect(calls.map((c) => c.url).filter((u) => u.startsWith('/customers'))).toEqual(['/customers/7']);
  });
});
