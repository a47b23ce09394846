import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffList } from '@shop/shared/staff';
import { aUser } from '../../../test/commerce-fixtures';
import { fakeApi } from '../../../test/fake-api';
import { renderPage, signedInAs } from '../../../test/render-page';
import AdminStaffPage from './staff';

const admin = aUser({ id: 1, role: 'admin', name: 'Admin' });
const list: StaffList = {
  staff: [{ id: 5, name: 'Meera Iyer', email: 'meera@example.com' }],
  invites: [
    {
      id: 9,
      name: 'Ravi Kumar',
      email: 'ravi@example.com',
      invitedAt: '2026-11-20T10:00:00Z',
      expiresAt: '2026-11-22T10:00:00Z',
    },
  ],
};

const renderStaff = () =>
  renderPage(<AdminStaffPage />, { path: '/admin/staff', url: '/admin/staff', state: signedInAs(admin) });

afterEach(() => vi.unstubAllGlobals());

describe('the Staff page', () => {
  it('lists the staff and the pending invitations', async () => {
    fakeApi({ 'GET /staff': { body: list } });
    renderStaff();
    const members = await screen.findByRole('region', { name: 'Staff Members' });
    expect(within(members).getByText('meera@example.com')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Pending Invitations' })).getByText(/ravi@example.com/),
    ).toBeTruthy();
  });

  it('sends an invitation with the name and email, and says it is sent', async () => {
    const { calls } = fakeApi({
      'GET /staff': { body: list },
      'POST /staff/invites': { status: 201, body: { id: 10, message: 'Invitation sent' } },
    });
    renderStaff();
    await userEvent.type(await screen.findByLabelText('Name'), 'Anil Das');
    await userEvent.type(screen.getByLabelText('Email'), 'anil@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Anil Das',
      email: 'anil@example.com',
    });
  });

  it('checks the email with the API schema and sends nothing when it is wrong', async () => {
    const { calls } = fakeApi({ 'GET /staff': { body: list } });
    renderStaff();
    await userEvent.type(await screen.findByLabelText('Name'), 'Anil Das');
    await userEvent.type(screen.getByLabelText('Email'), 'anil@');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invalid email')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('removes a staff member only after the confirmation', async () => {
    const { calls } = fakeApi({
      'GET /staff': { body: list },
      'DELETE /staff/5': { body: { message: 'Staff member removed and signed out' } },
    });
    renderStaff();
    await screen.findByRole('region', { name: 'Staff Members' });
    await userEvent.click(screen.getByRole('button', { name: 'Remove Meera Iyer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this staff member?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Staff member removed and signed out')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/staff/5']);
  });

  it('revokes a pending invitation after the confirmation', async () => {
    const { calls } = fakeApi({
      'GET /staff': { body: list },
      'DELETE /staff/invites/9': { body: { message: 'Invitation revoked' } },
    });
    renderStaff();
    await screen.findByRole('region', { name: 'Pending Invitations' });
    await userEvent.click(screen.getByRole('button', { name: 'Revoke the invitation of Ravi Kumar' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Invitation revoked')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/staff/invites/9']);
  });
});
