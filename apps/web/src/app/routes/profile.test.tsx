import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@shop/shared/user';
import { anAddress, aUser } from '../../test/commerce-fixtures';
import { typePlace } from '../../test/address-input';
import { fakeApi, type FakeCall } from '../../test/fake-api';
import { renderPage, signedInAs } from '../../test/render-page';
import ProfilePage from './profile';

const home = anAddress();
const office = anAddress({ name: 'Meera at work', street: '4 Nariman Point' });

/** A server that keeps the user: GET /users/owner answers what the last PATCH saved. */
function server(user: User, refuse?: string) {
  let saved = user;
  return fakeApi({
    'GET /users/owner': () => ({ body: saved }),
    'PATCH /users/7': (c: FakeCall) => {
      if (refuse) return { status: 400, body: { message: refuse } };
      saved = { ...saved, ...(c.body as Partial<User>) };
      return { body: saved };
    },
  });
}

const renderProfile = (user: User) =>
  renderPage(<ProfilePage />, { path: '/profile', url: '/profile', state: signedInAs(user) });

const patches = (calls: FakeCall[]) => calls.filter((c) => c.method === 'PATCH').map((c) => c.body);

afterEach(() => vi.unstubAllGlobals());

describe('the profile page', () => {
  it('shows the profile, an Admin Account badge for admins, and the saved addresses', async () => {
    const admin = aUser({ role: 'admin', addresses: [home] });
    server(admin);
    renderProfile(admin);
    const profile = await screen.findByRole('region', { name: 'Profile' });
    expect(within(profile).getByText('Admin Account')).toBeTruthy();
    expect(within(profile).getByText('meera@example.com')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit address of Meera Iyer, 12 Marine Drive' })).toBeTruthy();
  });

  it('adds a first address, starting from the profile’s own name, email and phone', async () => {
    const { calls } = server(aUser());
    renderProfile(aUser());
    expect(await screen.findByText('No saved addresses yet')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add Address' }));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('meera@example.com');
    await typePlace();
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));

    expect(await screen.findByText('Address added successfully!')).toBeTruthy();
    expect(patches(calls)).toEqual([{ addresses: [home] }]);
    expect(screen.queryByRole('heading', { name: 'New address' })).toBeNull();
  });

  it('edits one address at a time and keeps the others', async () => {
    const user = aUser({ addresses: [home, office] });
    const { calls } = server(user);
    renderProfile(user);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit address of Meera at work, 4 Nariman Point' }),
    );
    expect(screen.getAllByRole('heading', { name: 'Edit address' })).toHaveLength(1);
    const city = screen.getByLabelText('City');
    await userEvent.clear(city);
    await userEvent.type(city, 'Pune');
    await userEvent.click(screen.getByRole('button', { name: 'Update Address' }));

    expect(await screen.findByText('Address updated successfully!')).toBeTruthy();
    expect(patches(calls)).toEqual([{ addresses: [home, { ...office, city: 'Pune' }] }]);
  });

  it('deletes an address only after the confirmation', async () => {
    const user = aUser({ addresses: [home] });
    const { calls } = server(user);
    renderProfile(user);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Delete address of Meera Iyer, 12 Marine Drive' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete address' });
    expect(dialog.textContent).toContain('Are you sure you want to delete this address?');
    expect(patches(calls)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Address deleted successfully!')).toBeTruthy();
    expect(patches(calls)).toEqual([{ addresses: [] }]);
    expect(await screen.findByText('No saved addresses yet')).toBeTruthy();
  });

  it("keeps the form open and shows the server's message when the address cannot be saved", async () => {
    const user = aUser({ addresses: [home] });
    server(user, 'Too many addresses');
    renderProfile(user);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit address of Meera Iyer, 12 Marine Drive' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Update Address' }));
    expect(await screen.findByText('Too many addresses')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Edit address' })).toBeTruthy();
  });
});
