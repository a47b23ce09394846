import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { REVIEW_MESSAGES } from '@shop/shared/reviews';
import { aProduct, aUser } from '../../../test/commerce-fixtures';
import { fakeApi, type FakeCall, type FakeReply } from '../../../test/fake-api';
import { renderPage, signedInAs } from '../../../test/render-page';
import { aReview, aReviewPage } from '../../../test/review-fixtures';
import { LazyProductReviews } from './lazy';

// The section's own chunk, loaded once before the clocks of the first test start.
beforeAll(() => import('./product-reviews'));
afterEach(() => vi.unstubAllGlobals());

const product = aProduct({ id: 7 });

function show(routes: Record<string, FakeReply | ((call: FakeCall) => FakeReply)>, signedIn = false) {
  const api = fakeApi(routes);
  renderPage(<LazyProductReviews product={product} />, {
    path: '/product-detail/:id',
    url: '/product-detail/7',
    ...(signedIn && { state: signedInAs(aUser()) }),
  });
  return { ...api, user: userEvent.setup() };
}

const section = () => screen.findByRole('region', { name: 'Ratings & Reviews' });

describe('the product page’s reviews', () => {
  it('shows the average, the count, the stars’ spread, each review with its badge, date and the shop’s reply', async () => {
    show({
      'GET /products/7/reviews': {
        body: aReviewPage({
          reviews: [
            aReview({ id: 1, reply: 'Thank you, Asha! Wear it well.' }),
            aReview({ id: 2, rating: 4, title: 'Rich colour', author: 'Ravi S.', createdAt: '2026-11-27T20:00:00.000Z' }),
          ],
        }),
      },
      'GET /products/7/reviews?sort=photos': { body: aReviewPage({ reviews: [aReview({ id: 3, photos: ['/uploads/abc.webp'] })], total: 1 }) },
    });
    const s = await section();
    expect(within(s).getByText('4.3')).toBeTruthy();
    expect(within(s).getAllByText('3 reviews').length).toBeGreaterThan(0);
    const spread = within(s).getByRole('list', { name: 'Reviews by stars' });
    expect(within(spread).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '5 star1 review',
      '4 star2 reviews',
      '3 star0 reviews',
      '2 star0 reviews',
      '1 star0 reviews',
    ]);
    const first = within(s).getByRole('article', { name: 'Lovely drape' });
    expect(within(first).getByText('Verified purchase')).toBeTruthy();
    expect(within(first).getByText('20 Nov 2026')).toBeTruthy();
    expect(within(first).getByText('Asha K.')).toBeTruthy();
    expect(within(first).getByRole('img', { name: '5 out of 5 stars' })).toBeTruthy();
    expect(within(first).getByText('Reply from Saree Pari')).toBeTruthy();
    expect(within(first).getByText('Thank you, Asha! Wear it well.')).toBeTruthy();
    // 8 pm UTC on the 27th is the 28th in India.
    expect(within(within(s).getByRole('article', { name: 'Rich colour' })).getByText('28 Nov 2026')).toBeTruthy();
    expect(within(within(s).getByRole('article', { name: 'Rich colour' })).queryByText(/Reply from/)).toBeNull();

    // Shoppers' photos come first, each as its small copy.
    const photo = await within(s).findByRole('img', { name: 'Photo from Asha K.’s review' });
    expect(photo.getAttribute('src')).toBe('/uploads/abc-400.webp');
    // A visitor is asked to sign in, and sent back here after.
    expect(within(s).getByRole('link', { name: 'Sign in to write a review' }).getAttribute('href')).toBe('/login?next=%2Fproduct-detail%2F7');
    expect(within(s).queryByRole('button', { name: 'Write a review' })).toBeNull();
  });

  it('asks again in the sort chosen, and for the page chosen', async () => {
    const { calls, user } = show({ 'GET /products/7/reviews': { body: aReviewPage({ total: 25 }) } });
    const s = await section();
    await user.selectOptions(within(s).getByLabelText('Sort reviews'), 'Lowest rating');
    await waitFor(() => expect(calls.some((c) => c.url === '/products/7/reviews?sort=lowest')).toBe(true));
    await user.click(within(s).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/products/7/reviews?sort=lowest&page=2')).toBe(true));
  });

  it('says there are no reviews yet, without a spread of zeroes pretending otherwise', async () => {
    show({ 'GET /products/7/reviews': { body: aReviewPage({ summary: { average: 0, count: 0, stars: [0, 0, 0, 0, 0] }, reviews: [], total: 0 }) } });
    const s = await section();
    expect(within(s).getByText('No reviews yet.')).toBeTruthy();
    expect(within(s).queryByLabelText('Sort reviews')).toBeNull();
  });

  it('draws nothing while the reviews load', async () => {
    let answer!: (reply: FakeReply) => void;
    const pending = new Promise<FakeReply>((resolve) => (answer = resolve));
    const api = fakeApi({});
    api.fetchMock.mockImplementation(async () => {
      const reply = await pending;
      return new Response(JSON.stringify(reply.body), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    renderPage(<LazyProductReviews product={product} />, { path: '/product-detail/:id', url: '/product-detail/7' });
    await waitFor(() => expect(api.fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('region', { name: 'Ratings & Reviews' })).toBeNull();
    expect(screen.queryByText(/review/i)).toBeNull();
    answer({ body: aReviewPage() });
    expect(await section()).toBeTruthy();
  });
});

describe('writing a review', () => {
  const canReview = () => aReviewPage({ mine: null, canReview: true });

  it('takes the stars by keyboard, a title, the text and photos uploaded one by one, and thanks the shopper', async () => {
    let uploads = 0;
    const { calls, user } = show(
      {
        'GET /products/7/reviews': { body: canReview() },
        'POST /reviews/photos': () => ({ status: 201, body: { url: `/uploads/photo${++uploads}.webp` } }),
        'POST /products/7/reviews': (call) => ({ status: 201, body: aReview({ id: 9, ...(call.body as object), status: 'published' }) }),
      },
      true,
    );
    const s = await section();
    expect(within(s).queryByText('Sign in to write a review')).toBeNull();
    await user.click(within(s).getByRole('button', { name: 'Write a review' }));
    const form = within(s).getByRole('form', { name: 'Write a review' });

    // Arrow keys move along the stars, as in any radio group (user-event finds the group with CSS.escape, which jsdom lacks).
    vi.stubGlobal('CSS', { escape: (v: string) => v.replace(/[^\w-]/g, (c) => `\\${c}`) });
    await user.click(within(form).getByRole('radio', { name: '3 stars: Good' }));
    await user.keyboard('{ArrowRight}');
    expect((within(form).getByRole('radio', { name: '4 stars: Very good' }) as HTMLInputElement).checked).toBe(true);

    await user.type(within(form).getByLabelText('Title'), 'Rich colour');
    await user.type(within(form).getByLabelText('Your review'), 'Exactly as in the pictures.');
    const picture = (name: string) => new File(['png'], name, { type: 'image/png' });
    await user.upload(within(form).getByLabelText('Add photos'), [picture('a.png'), picture('b.png')]);
    expect(await within(form).findByRole('img', { name: 'Your photo 2' })).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Remove photo 1' }));
    expect(within(form).queryByRole('img', { name: 'Your photo 2' })).toBeNull();
    expect(within(form).getByRole('img', { name: 'Your photo 1' }).getAttribute('src')).toBe('/uploads/photo2-400.webp');

    await user.click(within(form).getByRole('button', { name: 'Post review' }));
    expect(await within(s).findByText(REVIEW_MESSAGES.published)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST' && c.url === '/products/7/reviews')!.body).toEqual({
      rating: 4,
      title: 'Rich colour',
      body: 'Exactly as in the pictures.',
      photos: ['/uploads/photo2.webp'],
    });
    expect(calls.filter((c) => c.url === '/reviews/photos')).toHaveLength(2);
    expect(within(s).queryByRole('form')).toBeNull();
  });

  it('says the review waits for the shop when the shop approves reviews first', async () => {
    const { user } = show(
      {
        'GET /products/7/reviews': { body: canReview() },
        'POST /products/7/reviews': { status: 201, body: aReview({ id: 9, status: 'pending' }) },
      },
      true,
    );
    const s = await section();
    await user.click(within(s).getByRole('button', { name: 'Write a review' }));
    await user.click(within(s).getByRole('radio', { name: '5 stars: Excellent' }));
    await user.type(within(s).getByLabelText('Title'), 'Stunning');
    await user.type(within(s).getByLabelText('Your review'), 'Wore it to a wedding.');
    await user.click(within(s).getByRole('button', { name: 'Post review' }));
    expect(await within(s).findByText(REVIEW_MESSAGES.pending)).toBeTruthy();
  });

  it('shows the server’s reason when it refuses, and keeps what was typed', async () => {
    const { user } = show(
      {
        'GET /products/7/reviews': { body: canReview() },
        'POST /products/7/reviews': { status: 400, body: { message: 'Choose 1 to 5 stars' } },
        'POST /reviews/photos': { status: 400, body: { message: 'File is not a valid image' } },
      },
      true,
    );
    const s = await section();
    await user.click(within(s).getByRole('button', { name: 'Write a review' }));
    await user.type(within(s).getByLabelText('Title'), 'No stars');
    await user.click(within(s).getByRole('button', { name: 'Post review' }));
    expect((await within(s).findByRole('alert')).textContent).toBe('Choose 1 to 5 stars');
    expect((within(s).getByLabelText('Title') as HTMLInputElement).value).toBe('No stars');

    await user.upload(within(s).getByLabelText('Add photos'), new File(['x'], 'x.png', { type: 'image/png' }));
    expect(await within(s).findByText('File is not a valid image')).toBeTruthy();
  });

  it('tells a shopper whose review waits for approval, and offers no second one', async () => {
    show({ 'GET /products/7/reviews': { body: aReviewPage({ mine: aReview({ status: 'pending' }), canReview: false }) } }, true);
    const s = await section();
    expect(within(s).getByText('Your review is waiting for the shop’s approval.')).toBeTruthy();
    expect(within(s).queryByRole('button', { name: 'Write a review' })).toBeNull();
  });
});
