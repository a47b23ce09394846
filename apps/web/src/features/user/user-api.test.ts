import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../lib/store';
import { fakeApi } from '../../test/fake-api';
import { anAddress, aUser } from '../../test/commerce-fixtures';
import { userApi } from './user-api';

const { getOwnUser, updateUser, changePassword, deleteAccount } = userApi.endpoints;
const ownUser = (store: ReturnType<typeof makeStore>) => getOwnUser.select()(store.getState()).data;

afterEach(() => vi.unstubAllGlobals());

describe('the signed-in user', () => {
  it('loads from /users/owner', async () => {
    const user = aUser({ addresses: [anAddress()] });
    fakeApi({ 'GET /users/owner': { body: user } });
    const store = makeStore();
    await store.dispatch(getOwnUser.initiate());
    expect(ownUser(store)).toEqual(user);
  });

  it('stays unknown, with the server message, when loading fails', async () => {
    fakeApi({ 'GET /users/owner': { status: 401, body: { message: 'Please sign in' } } });
    const store = makeStore();
    const result = await store.dispatch(getOwnUser.initiate());
    expect(result.error).toEqual({ status: 401, message: 'Please sign in' });
    expect(ownUser(store)).toBeUndefined();
  });

  it('sends only the patch to the user id and keeps the updated user without reading it again', async () => {
    const addresses = [anAddress(), anAddress({ name: 'Ravi Iyer', city: 'Pune' })];
    const { calls } = fakeApi({
      'GET /users/owner': { body: aUser() },
      'PATCH /users/7': { body: aUser({ addresses }) },
    });
    const store = makeStore();
    await store.dispatch(getOwnUser.initiate());
    await store.dispatch(updateUser.initiate({ id: 7, addresses }));
    expect(ownUser(store)?.addresses).toEqual(addresses);
    expect(calls.map((c) => c.method)).toEqual(['GET', 'PATCH']);
    expect(calls.at(-1)).toMatchObject({ url: '/users/7', body: { addresses } });
    expect(calls.at(-1)?.body).not.toHaveProperty('id');
  });

  it('keeps the old user and fails with the server message when an update is refused', async () => {
    const user = aUser({ addresses: [anAddress()] });
    fakeApi({
      'GET /users/owner': { body: user },
      'PATCH /users/7': { status: 400, body: { message: 'Street is required' } },
    });
    const store = makeStore();
    await store.dispatch(getOwnUser.initiate());
    const result = await store.dispatch(updateUser.initiate({ id: 7, addresses: [] }));
    expect(ownUser(store)).toEqual(user);
    expect(result.error).toMatchObject({ message: 'Street is required' });
  });

  it('sends a password change and a deletion to the own id, with the passwords in the body only', async () => {
    const { calls } = fakeApi({
      'POST /users/7/password': { body: { message: 'changed' } },
      'DELETE /users/7': { body: { message: 'deleted' } },
    });
    const store = makeStore();
    await store.dispatch(
      changePassword.initiate({ id: 7, currentPassword: 'Secret123', password: 'Fresh@1234' }),
    );
    await store.dispatch(deleteAccount.initiate({ id: 7, password: 'Fresh@1234' }));
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['POST', '/users/7/password', { currentPassword: 'Secret123', password: 'Fresh@1234' }],
      ['DELETE', '/users/7', { password: 'Fresh@1234' }],
    ]);
  });
});
