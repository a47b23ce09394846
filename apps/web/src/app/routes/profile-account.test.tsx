import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@shop/shared/user';
import { selectLoggedInUser } from '../../features/auth/auth-slice';
import { aUser } from '../../test/commerce-fixtures';
import { fakeApi, type FakeCall } from '../../test/fake-api';
import { renderPage, signedInAs } from '../../test/render-page';
import ProfilePage from './profile';

const PASSWORD_CHANGED = 'Password changed. Any other device you were signed in on is now signed out.';

function server(
  user: User,
  overrides: Record<string, (c: FakeCall) => { status?: number; body?: unknown }> = {},
) {
  let saved = user;
  return fakeApi({
    'GET /users/owner': () => ({ body: saved }),
    'PATCH /users/7': (c) => {
      saved = { ...saved, ...(c.body as Partial<User>) };
      return { body: saved };
    },
    'POST /users/7/password': () => ({ body: { message: PASSWORD_CHANGED } }),
    'DELETE /users/7': () => ({
      body: { message: 'Your account is deleted. Thank you for shopping with us.' },
    }),
    'POST /auth/logout/': () => ({ body: { ok: true } }),
    ...overrides,
  });
}

const renderProfile = (user = aUser()) =>
  renderPage(<ProfilePage />, {
    path: '/profile',
    url: '/profile',
    state: signedInAs(user),
    elsewhere: ['/', '/login'],
  });

const sent = (calls: FakeCall[], method: string, url: string) =>
  calls.filter((c) => c.method === method && c.url === url).map((c) => c.body);

afterEach(() => vi.unstubAllGlobals());

describe('your details on the profile page', () => {
  it('edits the name and phone, sends only them, and returns focus to Edit Details', async () => {
    const { calls } = server(aUser());
    renderProfile();
    const details = await screen.findByRole('region', { name: 'Your Details' });
    await userEvent.click(within(details).getByRole('button', { name: 'Edit Details' }));
    const name = within(details).getByLabelText('Name');
    expect(document.activeElement).toBe(name);
    await userEvent.clear(name);
    await userEvent.type(name, 'Meera Krishnan');
    await userEvent.clear(within(details).getByLabelText('Phone'));
    await userEvent.type(within(details).getByLabelText('Phone'), '+919800011111');
    await userEvent.click(within(details).getByRole('button', { name: 'Save Details' }));

    expect(await screen.findByText('Your details are saved')).toBeTruthy();
    expect(sent(calls, 'PATCH', '/users/7')).toEqual([
      { name: 'Meera Krishnan', phoneNumber: '+919800011111' },
    ]);
    expect(within(details).getByText('Meera Krishnan')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(details).getByRole('button', { name: 'Edit Details' })),
    );
  }, 15_000);

  it('says what a field needs and sends nothing', async () => {
    const { calls } = server(aUser());
    renderProfile();
    const details = await screen.findByRole('region', { name: 'Your Details' });
    await userEvent.click(within(details).getByRole('button', { name: 'Edit Details' }));
    await userEvent.clear(within(details).getByLabelText('Name'));
    await userEvent.clear(within(details).getByLabelText('Phone'));
    await userEvent.type(within(details).getByLabelText('Phone'), 'abc');
    await userEvent.click(within(details).getByRole('button', { name: 'Save Details' }));
    expect(await within(details).findByText('Name is required')).toBeTruthy();
    expect(within(details).getByText('Invalid phone')).toBeTruthy();
    expect(sent(calls, 'PATCH', '/users/7')).toEqual([]);
  });
});

describe('changing the password on the profile page', () => {
  const fill = async (current: string, next: string, confirm = next) => {
    const section = await screen.findByRole('region', { name: 'Change Password' });
    await userEvent.type(within(section).getByLabelText('Current password'), current);
    await userEvent.type(within(section).getByLabelText('New password'), next);
    await userEvent.type(within(section).getByLabelText('Confirm new password'), confirm);
    await userEvent.click(within(section).getByRole('button', { name: 'Change Password' }));
    return section;
  };

  it('sends the current and the new password, says so and clears the form', async () => {
    const { calls } = server(aUser());
    renderProfile();
    const section = await fill('Secret123', 'Fresh@1234');
    expect(await screen.findByText(PASSWORD_CHANGED)).toBeTruthy();
    expect(sent(calls, 'POST', '/users/7/password')).toEqual([
      { currentPassword: 'Secret123', password: 'Fresh@1234' },
    ]);
    expect((within(section).getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });

  it("shows the server's refusal at the current password and keeps the form", async () => {
    server(aUser(), {
      'POST /users/7/password': () => ({ status: 400, body: { message: 'Current password is incorrect' } }),
    });
    renderProfile();
    const section = await fill('Wrong123', 'Fresh@1234');
    expect(await within(section).findByText('Current password is incorrect')).toBeTruthy();
    expect(within(section).getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
    expect((within(section).getByLabelText('New password') as HTMLInputElement).value).toBe('Fresh@1234');
  });

  it('holds the new password to the signup rule and the confirmation to the new one', async () => {
    const { calls } = server(aUser());
    renderProfile();
    const section = await fill('Secret123', 'short', 'other');
    expect(await within(section).findByText('Min 8 chars, 1 upper, 1 lower, 1 number')).toBeTruthy();
    expect(within(section).getByText("Passwords don't match")).toBeTruthy();
    expect(sent(calls, 'POST', '/users/7/password')).toEqual([]);
  });
});

describe('your data on the profile page', () => {
  it('offers the data file as a download of the own account', async () => {
    server(aUser());
    renderProfile();
    const link = await screen.findByRole('link', { name: 'Download My Data' });
    expect(link.getAttribute('href')).toBe('/api/users/7/data');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('deletes the account only after the password, then signs the tab out and goes home', async () => {
    const { calls } = server(aUser());
    const { store, router } = renderProfile();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete My Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(sent(calls, 'DELETE', '/users/7')).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText('Your password, to confirm'), 'Secret123{Enter}');

    expect(await screen.findByRole('heading', { name: 'Page at /' })).toBeTruthy();
    expect(sent(calls, 'DELETE', '/users/7')).toEqual([{ password: 'Secret123' }]);
    expect(router.state.location.pathname).toBe('/');
    await waitFor(() => expect(selectLoggedInUser(store.getState())).toBeNull());
    expect(screen.getByText('Your account is deleted. Thank you for shopping with us.')).toBeTruthy();
  });

  it('keeps the account and says why when the server refuses, and Keep My Account sends nothing', async () => {
    const { calls } = server(aUser(), {
      'DELETE /users/7': () => ({
        status: 409,
        body: {
          message: 'Order #12 is still open. You can delete your account once it is delivered or cancelled.',
        },
      }),
    });
    const { store } = renderProfile();
    const open = await screen.findByRole('button', { name: 'Delete My Account' });
    await userEvent.click(open);
    let dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep My Account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(calls, 'DELETE', '/users/7')).toEqual([]);

    await userEvent.click(open);
    dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await userEvent.type(within(dialog).getByLabelText('Your password, to confirm'), 'Secret123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete My Account' }));
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(/Order #12 is still open/);
    expect(
      within(dialog).getByLabelText('Your password, to confirm').getAttribute('aria-invalid'),
    ).toBeNull();
    expect(selectLoggedInUser(store.getState())).not.toBeNull();
  });

  it('shows a wrong password at the password field', async () => {
    server(aUser(), {
      'DELETE /users/7': () => ({ status: 400, body: { message: 'Password is incorrect' } }),
    });
    renderProfile();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete My Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await userEvent.type(within(dialog).getByLabelText('Your password, to confirm'), 'Wrong123{Enter}');
    expect(await within(dialog).findByText('Password is incorrect')).toBeTruthy();
    expect(within(dialog).getByLabelText('Your password, to confirm').getAttribute('aria-invalid')).toBe(
      'true',
    );
  });
});
