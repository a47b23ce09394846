import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aUser } from '../test/commerce-fixtures';
import { fakeApi } from '../test/fake-api';
import { renderPage, signedInAs } from '../test/render-page';
import { SignedOutOnly } from './guards';
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
