import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Tracking } from '@shop/shared/shipping';
import { fakeApi, type FakeCall } from '../../test/fake-api';
import { renderPage } from '../../test/render-page';
import TrackPage from './track';

afterEach(() => vi.unstubAllGlobals());

const tracking: Tracking = {
  orderId: 123,
  stage: 'out_for_delivery',
  status: 'dispatched',
  placedAt: '2026-11-24T05:30:00.000Z',
  shipment: {
    courierName: 'Delhivery',
    awb: 'DLV12345678',
    trackingUrl: 'https://www.delhivery.com/track/package/DLV12345678',
  },
  expectedDelivery: '2026-11-28',
  events: [
    { stage: 'pending', at: '2026-11-24T05:30:00.000Z', description: 'Pending', location: null },
    {
      stage: 'shipped',
      at: '2026-11-25T09:00:00.000Z',
      description: 'Picked up by the courier',
      location: 'Surat',
    },
    {
      stage: 'out_for_delivery',
      at: '2026-11-28T03:45:00.000Z',
      description: 'Out for delivery',
      location: 'Mumbai Andheri Hub',
    },
  ],
  deliverTo: null,
};
const address = {
  name: 'Meera Iyer',
  street: '12 Marine Drive',
  city: 'Mumbai',
  state: 'Maharashtra',
  pinCode: '400002',
};

function open(
  url: string,
  reply: (call: FakeCall) => { status?: number; body?: unknown } = () => ({ body: tracking }),
) {
  const api = fakeApi({ 'GET /track/123': reply, 'GET /track/DLV12345678': reply, 'GET /track/999': reply });
  const page = renderPage(<TrackPage />, { path: '/track/:ref?', url });
  return { ...api, ...page, user: userEvent.setup() };
}

describe('the tracking page', () => {
  it('shows the stage, the courier and AWB, the expected day and each step newest first, in India time', async () => {
    open('/track/123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Out for delivery' })).toBeTruthy();
    expect(screen.getByText('Order #123')).toBeTruthy();
    expect(
      screen.getByRole('list', { name: 'Progress' }).querySelector('[aria-current="step"]')?.textContent,
    ).toBe('Out for delivery');

    const facts = screen.getByRole('region', { name: 'Parcel details' });
    expect(within(facts).getByText('Expected delivery').nextSibling?.textContent).toBe('Sat, 28 Nov');
    expect(facts.textContent).toContain('Delhivery');
    expect(facts.textContent).toContain('AWB DLV12345678');
    expect(
      within(facts)
        .getByRole('link', { name: /Track on the courier’s website/ })
        .getAttribute('href'),
    ).toBe(tracking.shipment!.trackingUrl);

    const steps = within(screen.getByRole('list', { name: 'Tracking history' })).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      'Out for delivery28 Nov 2026, 9:15 amMumbai Andheri Hub',
      'ShippedPicked up by the courier25 Nov 2026, 2:30 pmSurat',
      'Pending24 Nov 2026, 11:00 am',
    ]);
  });

  it('asks for the order’s phone or email before it shows the delivery address', async () => {
    const { calls, user } = open('/track/123', (call) => ({
      body: { ...tracking, deliverTo: call.url.endsWith('?contact=%2B919876543210') ? address : null },
    }));
    const region = await screen.findByRole('region', { name: 'Delivery address' });
    expect(region.textContent).toContain(
      'Enter the phone number or email on the order to see the delivery address.',
    );
    expect(region.textContent).not.toContain('Marine Drive');

    await user.type(within(region).getByLabelText('Phone number or email'), ' +919876543210 ');
    await user.click(within(region).getByRole('button', { name: 'Show address' }));
    await waitFor(() => expect(region.textContent).toContain('12 Marine Drive'));
    expect(region.textContent).toContain('Mumbai, Maharashtra 400002');
    expect(within(region).queryByRole('textbox')).toBeNull();
    expect(calls.map((c) => c.url).filter((u) => u.startsWith('/track'))).toEqual([
      '/track/123',
      '/track/123?contact=%2B919876543210',
    ]);
  });

  it('says so when the phone or email is not the order’s, and shows no address', async () => {
    const { user } = open('/track/123');
    const region = await screen.findByRole('region', { name: 'Delivery address' });
    const field = within(region).getByLabelText('Phone number or email');
    await user.type(field, 'someone@example.com');
    await user.click(within(region).getByRole('button', { name: 'Show address' }));
    await waitFor(() =>
      expect(
        within(region).getByText(/That does not match the phone number or email on this order/),
      ).toBeTruthy(),
    );
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(region.querySelector('address')).toBeNull();
  });

  it('says plainly when no order or parcel has that number, and offers to try another', async () => {
    const { user, router } = open('/track/999', () => ({
      status: 404,
      body: { message: 'No order or parcel matches' },
    }));
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'We could not find an order or parcel with “999”',
      }),
    ).toBeTruthy();
    const field = screen.getByLabelText('Order number or AWB');
    await user.clear(field);
    await user.type(field, 'DLV12345678');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(router.state.location.pathname).toBe('/track/DLV12345678');
  });

  it('says the tracking could not be loaded when the server fails, and loads it again on request', async () => {
    let fail = true;
    const { user } = open('/track/123', () =>
      fail ? { status: 503, body: { message: 'Service unavailable' } } : { body: tracking },
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We could not load the tracking just now' }),
    ).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Out for delivery' })).toBeTruthy();
  });
});

describe('the tracking form', () => {
  it('opens the tracking page of the order number typed, with or without its #', async () => {
    const { user, router } = open('/track');
    expect(screen.getByRole('heading', { level: 1, name: 'Where is my order?' })).toBeTruthy();
    const field = screen.getByLabelText('Order number or AWB');
    await user.type(field, 'not a number!');
    await user.click(screen.getByRole('button', { name: 'Track' }));
    expect(screen.getByText('Enter an order number or an AWB')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/track');

    await user.clear(field);
    await user.type(field, '#123');
    await user.click(screen.getByRole('button', { name: 'Track' }));
    expect(router.state.location.pathname).toBe('/track/123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Out for delivery' })).toBeTruthy();
  });
});
