import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { fakeApi } from '../../test/fake-api';
import { anAddress, aUser } from '../../test/commerce-fixtures';
import {
  fetchLoggedInUser,
  selectUserError,
  selectUserInfo,
  selectUserStatus,
  updateUser,
} from './user-slice';

afterEach(() => vi.unstubAllGlobals());

describe('user slice', () => {
  it('loads the signed-in user from /users/owner', async () => {
    const user = aUser({ addresses: [anAddress()] });
    fakeApi({ 'GET /users/owner': { body: user } });
    const store = makeStore();
    const pending = store.dispatch(fetchLoggedInUser());
    expect(selectUserStatus(store.getState())).toBe('loading');
    await pending;
    expect(selectUserInfo(store.getState())).toEqual(user);
    expect(selectUserStatus(store.getState())).toBe('idle');
  });

  it('stays empty and idle when loading fails', async () => {
    fakeApi({ 'GET /users/owner': { status: 401, body: { message: 'Please log in' } } });
    const store = makeStore();
    await store.dispatch(fetchLoggedInUser());
    expect(selectUserInfo(store.getState())).toBeNull();
    expect(selectUserStatus(store.getState())).toBe('idle');
  });

  it('sends only the patch to the user id and keeps the updated user', async () => {
    const addresses = [anAddress(), anAddress({ name: 'Ravi Iyer', city: 'Pune' })];
    const { calls } = fakeApi({
      'GET /users/owner': { body: aUser() },
      'PATCH /users/7': { body: aUser({ addresses }) },
    });
    const store = makeStore();
    await store.dispatch(fetchLoggedInUser());
    await store.dispatch(updateUser({ id: 7, addresses }));
    expect(selectUserInfo(store.getState())?.addresses).toEqual(addresses);
    expect(calls.at(-1)).toMatchObject({ method: 'PATCH', url: '/users/7', body: { addresses } });
    expect(calls.at(-1)?.body).not.toHaveProperty('id');
  });

  it('keeps the old user and the server message when an update fails', async () => {
    const user = aUser({ addresses: [anAddress()] });
    fakeApi({
      'GET /users/owner': { body: user },
      'PATCH /users/7': { status: 400, body: { message: 'Street is required' } },
    });
    const store = makeStore();
    await store.dispatch(fetchLoggedInUser());
    await store.dispatch(updateUser({ id: 7, addresses: [] }));
    expect(selectUserInfo(store.getState())).toEqual(user);
    expect(selectUserError(store.getState())).toBe('Street is required');
  });

  it('forgets the user when the session ends', async () => {
    fakeApi({ 'GET /users/owner': { body: aUser() } });
    const store = makeStore();
    await store.dispatch(fetchLoggedInUser());
    store.dispatch({ type: 'auth/logout/fulfilled' });
    expect(selectUserInfo(store.getState())).toBeNull();
  });
});
