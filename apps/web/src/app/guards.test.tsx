import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aUser } from '../test/commerce-fixtures';
import { fakeApi } from '../test/fake-api';
import { renderPage, signedInAs } from '../test/render-page';
import { ProtectedAdmin, ProtectedOwner, SignedOutOnly } from './guards';
import { navLinks } from './layout/account-links';
import LoginPage from './routes/login';

const admin = aUser({ id: 1, role: 'admin', name: 'Admin' });

const renderLogin = (state = {}) =>
  renderPage(
    <SignedOutOnly>
      <LoginPage />
    </SignedOutOnly>,
    { path: '/login', url: '/login', state, elsewhere: ['/', '/admin/dashboard'] },
  );

afterEach(() => vi.unstubAllGlobals());

describe('the signed-out-only guard', () => {
  it('sends a signed-in visitor of the login page home', async () => {
    renderLogin(signedInAs(admin));
    expect(await screen.findByRole('heading', { name: 'Page at /' })).toBeTruthy();
  });

  it('leaves the move after a sign-in on the page to the form: an admin lands on the dashboard', async () => {
    fakeApi({ 'POST /auth/login/': { body: admin } });
    const { router } = renderLogin();
    await userEvent.type(await screen.findByLabelText('Email'), admin.email);
    await userEvent.type(screen.getByLabelText('Password', { exact: true }), 'Admin@1234');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Page at /admin/dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
  });
});

describe('the admin guards (docs/product.md, Staff)', () => {
  const staff = aUser({ id: 2, role: 'staff', name: 'Meera' });
  const shopper = aUser({ id: 3, role: 'user', name: 'Asha' });
  const guarded = (guard: 'admin' | 'owner', user: typeof admin) =>
    renderPage(guard === 'admin' ? <ProtectedAdmin><h1>Work page</h1></ProtectedAdmin> : <ProtectedOwner><h1>Owner page</h1></ProtectedOwner>, {
      path: '/admin/x',
      url: '/admin/x',
      state: signedInAs(user),
      elsewhere: ['/', '/admin/dashboard'],
    });

  it('lets staff into the admin area, and sends them to the dashboard from an owner page', async () => {
    guarded('admin', staff);
    expect(await screen.findByRole('heading', { name: 'Work page' })).toBeTruthy();
  });

  it('sends staff from an owner page to their dashboard', async () => {
    const { router } = guarded('owner', staff);
    expect(await screen.findByRole('heading', { name: 'Page at /admin/dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
  });

  it('lets the owner onto an owner page', async () => {
    guarded('owner', admin);
    expect(await screen.findByRole('heading', { name: 'Owner page' })).toBeTruthy();
  });

  it('sends a shopper home from an owner page', async () => {
    guarded('owner', shopper);
    expect(await screen.findByRole('heading', { name: 'Page at /' })).toBeTruthy();
  });

  it('links Promotions, Settings, Pages and Staff for the owner only', () => {
    expect(navLinks('staff').map((l) => l.name)).toEqual(['Dashboard', 'Products', 'Orders', 'Returns', 'Reviews', 'Customers']);
    expect(navLinks('admin').map((l) => l.name)).toEqual(['Dashboard', 'Products', 'Orders', 'Returns', 'Reviews', 'Customers', 'Promotions', 'Settings', 'Pages', 'Staff']);
    expect(navLinks('user').map((l) => l.name)).toEqual(['Products']);
  });
});
