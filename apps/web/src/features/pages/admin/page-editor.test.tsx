import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShopPage } from '@shop/shared/pages';
import { makeStore } from '../../../lib/store';
import { fakeApi } from '../../../test/fake-api';
import { pagesApi } from '../pages-api';
import { PageEditor } from './page-editor';

const faq: ShopPage = { slug: 'faq', title: 'FAQ', summary: 'Questions and answers.', markdown: '## Care', html: '<h2>Care</h2>', updatedAt: null };

/** Renders with a store whose cache already holds `faq`, as the editor's page has it. */
function renderWithStore(ui: ReactNode) {
  const store = makeStore();
  void store.dispatch(pagesApi.util.upsertQueryData('getShopPage', 'faq', faq));
  render(<Provider store={store}>{ui}</Provider>);
  return store;
}

afterEach(() => vi.unstubAllGlobals());

describe('the page editor', () => {
  it('shows the server’s preview of what is typed, and saves title, summary and Markdown for the page on show', async () => {
    const { calls } = fakeApi({
      'POST /pages/preview': (call) => ({ body: { html: `<p>${String((call.body as { markdown: string }).markdown.length)} characters</p>` } }),
      'PUT /pages/faq': (call) => ({ body: { ...faq, ...(call.body as object), html: '<p>saved</p>', updatedAt: '2026-11-23T10:00:00.000Z' } }),
    });
    const store = renderWithStore(
      <>
        <PageEditor page={faq} />
        <ToastContainer />
      </>,
    );
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('heading', { name: 'Care' })).toBeTruthy();

    const text = screen.getByLabelText('Page text (Markdown)');
    await userEvent.clear(text);
    await userEvent.type(text, 'Blouse pieces');
    // One request once typing pauses, not one per key.
    expect(await within(preview).findByText('13 characters')).toBeTruthy();
    expect(calls.filter((c) => c.url === '/pages/preview').length).toBeLessThan(4);

    await userEvent.click(screen.getByRole('button', { name: 'Save Page' }));
    expect(await screen.findByText('Page saved')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ title: 'FAQ', summary: 'Questions and answers.', markdown: 'Blouse pieces' });
    expect(pagesApi.endpoints.getShopPage.select('faq')(store.getState()).data?.updatedAt).toBe('2026-11-23T10:00:00.000Z');
  });

  it('says what is missing instead of saving an empty title', async () => {
    const { calls } = fakeApi({ 'POST /pages/preview': { body: { html: '' } } });
    renderWithStore(<PageEditor page={faq} />);
    await userEvent.clear(screen.getByLabelText('Title'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Page' }));
    expect(await screen.findByText('Title is required')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});
