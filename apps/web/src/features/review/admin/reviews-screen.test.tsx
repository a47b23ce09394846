import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router';
import { toast } from 'react-toastify';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminReview } from '@shop/shared/reviews';
import { makeStore } from '../../../lib/store';
import { fakeApi, type FakeCall, type FakeReply } from '../../../test/fake-api';
import { anAdminReview } from '../../../test/review-fixtures';
import { REVIEW_TOASTS, ReviewsScreen } from './reviews-screen';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

function show(routes: Record<string, FakeReply | ((call: FakeCall) => FakeReply)>, { url = '/admin/reviews', canModerate = true } = {}) {
  const api = fakeApi(routes);
  render(
    <Provider store={makeStore()}>
      <MemoryRouter initialEntries={[url]}>
        <ReviewsScreen canModerate={canModerate} />
        <Where />
      </MemoryRouter>
    </Provider>,
  );
  return { ...api, user: userEvent.setup() };
}

const waiting = anAdminReview({ id: 4, status: 'pending', title: 'Rich colour', photos: ['/uploads/p1.webp'] });
const published = anAdminReview({ id: 5, title: 'Lovely drape', reply: 'Thank you, Asha!' });
const hidden = anAdminReview({ id: 6, status: 'hidden', title: 'Not for me' });
const list = (...reviews: AdminReview[]) => ({ body: { reviews, total: reviews.length } });
const card = (title: string) => screen.findByRole('article', { name: new RegExp(`: ${title}$`) });
const patches = (calls: FakeCall[]) => calls.filter((c) => c.method === 'PATCH').map((c) => [c.url, c.body]);

describe('Admin → Reviews', () => {
  it('lists each review with its product, customer, stars, text, photos and status, and filters by status', async () => {
    const { calls, user } = show({ 'GET /reviews': list(waiting, published, hidden), 'GET /reviews?status=pending': list(waiting) });
    const one = await card('Rich colour');
    expect(within(one).getByRole('link', { name: 'Kanjivaram Silk Saree' }).getAttribute('href')).toBe('/product-detail/7');
    expect(within(one).getByText(/Asha Krishnan · asha@example.com/)).toBeTruthy();
    expect(within(one).getByRole('img', { name: '5 out of 5 stars' })).toBeTruthy();
    expect(within(one).getByText('Waiting')).toBeTruthy();
    expect(within(one).getByRole('img', { name: 'Photo 1 of the review' }).getAttribute('src')).toBe('/uploads/p1-400.webp');
    expect(within(await card('Lovely drape')).getByText('Thank you, Asha!')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Waiting' }));
    expect(screen.getByTestId('where').textContent).toBe('/admin/reviews?status=pending');
    await waitFor(() => expect(screen.queryByRole('article', { name: /Lovely drape/ })).toBeNull());
    expect(calls.some((c) => c.url === '/reviews?status=pending')).toBe(true);
    expect(screen.getByRole('button', { name: 'Waiting' }).getAttribute('aria-current')).toBe('page');
  });

  it('approves a waiting review, hides a published one and shows a hidden one', async () => {
    const { calls, user } = show({
      'GET /reviews': list(waiting, published, hidden),
      'PATCH /reviews/4': { body: { ...waiting, status: 'published' } },
      'PATCH /reviews/5': { body: { ...published, status: 'hidden' } },
      'PATCH /reviews/6': { body: { ...hidden, status: 'published' } },
    });
    await user.click(within(await card('Rich colour')).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(REVIEW_TOASTS.published));
    await user.click(within(await card('Lovely drape')).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(REVIEW_TOASTS.hidden));
    const gone = await card('Not for me');
    expect(within(gone).queryByRole('button', { name: 'Hide' })).toBeNull();
    await user.click(within(gone).getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(patches(calls)).toHaveLength(3));
    expect(patches(calls)).toEqual([
      ['/reviews/4', { status: 'published' }],
      ['/reviews/5', { status: 'hidden' }],
      ['/reviews/6', { status: 'published' }],
    ]);
    // Each change reads the list again.
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.url === '/reviews').length).toBeGreaterThan(1));
  });

  it('writes, edits and removes the shop’s public reply', async () => {
    const { calls, user } = show({
      'GET /reviews': list(waiting, published),
      'PATCH /reviews/4': (call) => ({ body: { ...waiting, reply: (call.body as { reply: string }).reply } }),
      'PATCH /reviews/5': (call) => ({ body: { ...published, reply: (call.body as { reply: string }).reply || null } }),
    });
    const first = await card('Rich colour');
    await user.click(within(first).getByRole('button', { name: 'Reply' }));
    await user.type(within(first).getByLabelText('Public reply'), 'So glad you like it!');
    await user.click(within(first).getByRole('button', { name: 'Save reply' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(REVIEW_TOASTS.replySaved));

    const second = await card('Lovely drape');
    await user.click(within(second).getByRole('button', { name: 'Edit reply' }));
    expect((within(second).getByLabelText('Public reply') as HTMLTextAreaElement).value).toBe('Thank you, Asha!');
    await user.click(within(second).getByRole('button', { name: 'Cancel' }));
    await user.click(within(second).getByRole('button', { name: 'Remove reply' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(REVIEW_TOASTS.replyRemoved));
    expect(patches(calls)).toEqual([
      ['/reviews/4', { reply: 'So glad you like it!' }],
      ['/reviews/5', { reply: '' }],
    ]);
  });

  it('shows the server’s reason when a change is refused', async () => {
    const { user } = show({ 'GET /reviews': list(published), 'PATCH /reviews/5': { status: 400, body: { message: 'A reply must be plain text, without HTML' } } });
    const one = await card('Lovely drape');
    await user.click(within(one).getByRole('button', { name: 'Edit reply' }));
    await user.clear(within(one).getByLabelText('Public reply'));
    await user.type(within(one).getByLabelText('Public reply'), '<b>Thanks</b>');
    await user.click(within(one).getByRole('button', { name: 'Save reply' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('A reply must be plain text, without HTML'));
    expect(within(one).getByLabelText('Public reply')).toBeTruthy();
  });

  it('lets staff read the reviews but not change them', async () => {
    show({ 'GET /reviews': list(waiting, published) }, { canModerate: false });
    const one = await card('Rich colour');
    expect(within(one).queryByRole('button')).toBeNull();
  });

  it('says when nothing is waiting', async () => {
    show({ 'GET /reviews?status=pending': list() }, { url: '/admin/reviews?status=pending' });
    expect(await screen.findByText('Nothing waiting')).toBeTruthy();
  });
});
