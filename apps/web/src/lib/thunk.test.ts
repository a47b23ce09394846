import { configureStore } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { apiThunk, errorText, rejectionMessage } from './thunk';

const store = () => configureStore({ reducer: () => null });

describe('apiThunk', () => {
  it('resolves with what the call returns, given the argument and an abort signal', async () => {
    const echo = apiThunk('test/echo', async (n: number, signal) => ({
      n,
      signal: signal instanceof AbortSignal,
    }));
    const a = await store().dispatch(echo(3));
    expect(echo.fulfilled.match(a) && a.payload).toEqual({ n: 3, signal: true });
  });

  it("rejects with the server's message as the payload", async () => {
    const refuse = apiThunk('test/refuse', () =>
      Promise.reject(new ApiError(409, 'Product already in cart')),
    );
    const a = await store().dispatch(refuse());
    expect(refuse.rejected.match(a) && a.payload).toBe('Product already in cart');
    expect(refuse.rejected.match(a) && rejectionMessage(a)).toBe('Product already in cart');
  });
});

describe('the messages of failures', () => {
  it('reads a thrown message, a thrown string, and falls back to a generic line', () => {
    expect(errorText(new Error('Network down'))).toBe('Network down');
    expect(errorText('Brand already exists')).toBe('Brand already exists');
    expect(errorText({ code: 1 })).toBe('Something went wrong');
  });

  it("names a rejection by the server's message, else Redux Toolkit's, else a generic line", () => {
    expect(rejectionMessage({ payload: 'Out of stock', error: { message: 'Rejected' } })).toBe(
      'Out of stock',
    );
    expect(rejectionMessage({ error: { message: 'Aborted' } })).toBe('Aborted');
    expect(rejectionMessage({ error: {} })).toBe('Something went wrong');
  });
});
