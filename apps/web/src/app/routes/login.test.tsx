import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aUser } from '../../test/commerce-fixtures';
import { fakeApi } from '../../test/fake-api';
import { renderPage } from '../../test/render-page';
import LoginPage from './login';
import SignupPage from './signup';

const meera = aUser();

function signupThenLogin(url: string) {
  fakeApi({
    'POST /auth/signup/': { status: 201, body: meera },
    'POST /auth/login/': { body: meera },
  });
  return renderPage(<SignupPage />, {
    path: '/signup',
    url,
    pages: [{ path: '/login', element: <LoginPage /> }],
    elsewhere: ['/', '/product-detail/:id'],
  });
}

async function signUp() {
  await userEvent.type(await screen.findByLabelText('Full Name'), meera.name);
  await userEvent.type(screen.getByLabelText('Email'), ` ${meera.email}`);
  await userEvent.type(screen.getByLabelText('Phone Number'), meera.phoneNumber);
  await userEvent.type(screen.getByLabelText('Password', { exact: true }), 'Secret123');
  await userEvent.type(screen.getByLabelText('Confirm Password'), 'Secret123');
  await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
}

afterEach(() => vi.unstubAllGlobals());

describe('the login page after a signup', () => {
  it('says the account was created and has its email filled in', async () => {
    const { router } = signupThenLogin('/signup');
    await signUp();

    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('status').textContent).toContain('Your account has been created.');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(meera.email);
    expect((screen.getByLabelText('Password', { exact: true }) as HTMLInputElement).value).toBe('');
  });

  it('says nothing of a new account on an ordinary visit', async () => {
    renderPage(<LoginPage />, { path: '/login', url: '/login' });
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect(screen.queryByText(/account has been created/)).toBeNull();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
  });

  it('keeps the page the sign-in was for through the signup, and opens it after signing in', async () => {
    const { router } = signupThenLogin('/signup?next=%2Fproduct-detail%2F3');
    await signUp();
    await screen.findByRole('heading', { name: 'Welcome Back' });
    expect(router.state.location.search).toBe('?next=%2Fproduct-detail%2F3');

    await userEvent.type(screen.getByLabelText('Password', { exact: true }), 'Secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Page at /product-detail/:id' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/product-detail/3');
  });

  it('goes home, not to another site, when the page to return to is not one of the shop', async () => {
    fakeApi({ 'POST /auth/login/': { body: meera } });
    const { router } = renderPage(<LoginPage />, {
      path: '/login',
      url: '/login?next=%2F%2Fevil.example%2Fphish',
      elsewhere: ['/'],
    });
    await userEvent.type(await screen.findByLabelText('Email'), meera.email);
    await userEvent.type(screen.getByLabelText('Password', { exact: true }), 'Secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Page at /' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('links to signup carrying the page the sign-in is for', async () => {
    renderPage(<LoginPage />, { path: '/login', url: '/login?next=%2Fproduct-detail%2F3' });
    const link = await screen.findByRole('link', { name: 'Create an account' });
    expect(link.getAttribute('href')).toBe('/signup?next=%2Fproduct-detail%2F3');
  });
});
