import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aProduct, aUser } from '../../../test/commerce-fixtures';
import { fakeApi } from '../../../test/fake-api';
import { renderPage, signedInAs } from '../../../test/render-page';
import { LazyNotifyMe } from './lazy';

const soldOut = aProduct({ id: 4, stock: 0 });
const none = { stock: 0, color: null, size: null, variant: null };

afterEach(() => vi.unstubAllGlobals());

describe('Notify me when it is back', () => {
  it('is not there while the picks can be bought', () => {
    fakeApi({});
    renderPage(<LazyNotifyMe product={aProduct()} choice={{ ...none, stock: 3 }} />, { path: '/', url: '/' });
    expect(screen.queryByRole('button', { name: "Notify me when it's back" })).toBeNull();
  });

  it('subscribes a signed-in shopper with one click', async () => {
    const { calls } = fakeApi({ 'POST /products/4/notify-me': { body: { status: 'subscribed', message: "We'll email you when it's back in stock." } } });
    renderPage(<LazyNotifyMe product={soldOut} choice={none} />, { path: '/', url: '/', state: signedInAs(aUser()) });
    expect(screen.queryByLabelText('Your email')).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: "Notify me when it's back" }));
    expect((await screen.findByRole('status')).textContent).toBe("We'll email you when it's back in stock.");
    expect(calls[0]!.body).toEqual({});
  });

  it('asks a visitor for an email and tells them to confirm by the mailed link; a refusal shows the server’s words', async () => {
    let n = 0;
    const { calls } = fakeApi({
      'POST /products/4/notify-me': () =>
        n++ === 0 ? { status: 400, body: { message: 'Please enter a valid email' } } : { body: { status: 'confirm', message: 'Check your inbox to confirm.' } },
    });
    renderPage(<LazyNotifyMe product={soldOut} choice={none} />, { path: '/', url: '/' });
    const email = await screen.findByLabelText('Your email');
    await userEvent.type(email, 'asha@');
    await userEvent.click(screen.getByRole('button', { name: "Notify me when it's back" }));
    expect(await screen.findByText('Please enter a valid email')).toBeTruthy();
    await userEvent.type(email, 'example.com');
    await userEvent.click(screen.getByRole('button', { name: "Notify me when it's back" }));
    expect((await screen.findByRole('status')).textContent).toBe('Check your inbox to confirm.');
    expect(calls[1]!.body).toEqual({ email: 'asha@example.com' });
  });

  it('waits for the colour picked when the product is sold per colour and size', async () => {
    const kurti = aProduct({ id: 4, stock: 0, variants: [{ id: 9, sku: null, color: '#7a1f2b', size: 'M', stock: 0, price: null, discountedPrice: 9000, weightGrams: null }] });
    const { calls } = fakeApi({ 'POST /products/4/notify-me': { status: 409, body: { message: 'This is in stock: you can order it now' } } });
    renderPage(<LazyNotifyMe product={kurti} choice={{ ...none, color: '#7a1f2b' }} />, { path: '/', url: '/', state: signedInAs(aUser()) });
    await userEvent.click(await screen.findByRole('button', { name: "Notify me when it's back" }));
    expect((await screen.findByRole('alert')).textContent).toBe('This is in stock: you can order it now');
    expect(calls[0]!.body).toEqual({ color: '#7a1f2b' });
  });
});
