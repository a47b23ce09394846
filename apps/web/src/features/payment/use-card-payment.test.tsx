import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../lib/store';
import { fakeApi } from '../../test/fake-api';
import { anAddress, anOrder } from '../../test/commerce-fixtures';
import type { RazorpayFailure, RazorpayOptions } from './checkout-window';
import { paymentApi } from './payment-api';
import { PAYMENT_CANCELLED, useCardPayment } from './use-card-payment';

type Shopper = (o: RazorpayOptions, fail: (r: RazorpayFailure) => void) => void;

function provider(act: Shopper) {
  const opened: RazorpayOptions[] = [];
  vi.stubGlobal(
    'Razorpay',
    class {
      private failed: ((r: RazorpayFailure) => void) | undefined;
      constructor(private readonly options: RazorpayOptions) {
        opened.push(options);
      }
      on(_e: string, cb: (r: RazorpayFailure) => void) {
        this.failed = cb;
      }
      open() {
        act(this.options, (r) => this.failed?.(r));
      }
    },
  );
  return opened;
}

const initiation = {
  paymentId: 'order_test_1',
  razorpayID: 'rzp_test_local',
  orderId: 55,
  amount: 1800000,
  currency: 'INR',
};
const routes = {
  'POST /payment/initiate': { status: 201, body: initiation },
  'GET /payment/config': {
    body: { provider: 'test', keyId: 'rzp_test_local', checkoutScriptUrl: '/api/payment/checkout.js' },
  },
};
const input = {
  order: { paymentMethod: 'card' as const, selectedAddress: anAddress() },
  idempotencyKey: 'attempt-1',
  prefill: { name: 'Meera Iyer' },
};

function setup() {
  const store = makeStore();
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const { result } = renderHook(() => useCardPayment(), { wrapper });
  return { store, pay: result.current };
}

afterEach(() => vi.unstubAllGlobals());

describe('useCardPayment', () => {
  it('initiates, opens the provider window with the server amount and returns the verified order', async () => {
    const paid = anOrder({ id: 55, paymentMethod: 'card' });
    const { calls } = fakeApi({ ...routes, 'POST /payment/verify': { body: paid } });
    const opened = provider((o) =>
      o.handler({ razorpay_order_id: o.order_id, razorpay_payment_id: 'pay_1', razorpay_signature: 'sig' }),
    );
    const { pay } = setup();
    let outcome;
    await act(async () => {
      outcome = await pay(input);
    });
    expect(outcome).toEqual({ status: 'paid', order: paid });
    expect(opened[0]).toMatchObject({
      key: 'rzp_test_local',
      order_id: 'order_test_1',
      amount: 1800000,
      currency: 'INR',
      prefill: { name: 'Meera Iyer' },
    });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /payment/initiate',
      'GET /payment/config',
      'POST /payment/verify',
    ]);
    expect(calls[2]?.body).toEqual({
      razorpay_order_id: 'order_test_1',
      razorpay_payment_id: 'pay_1',
      razorpay_signature: 'sig',
    });
  });

  it('reports the provider failure text and never verifies', async () => {
    const { calls } = fakeApi(routes);
    provider((_o, fail) =>
      fail({ error: { description: 'Payment failed: card declined by the test bank' } }),
    );
    const { pay } = setup();
    let outcome;
    await act(async () => {
      outcome = await pay(input);
    });
    expect(outcome).toEqual({ status: 'failed', message: 'Payment failed: card declined by the test bank' });
    expect(calls.some((c) => c.url === '/payment/verify')).toBe(false);
  });

  it('says which kind of refusal stopped the payment: the cart’s code used up meanwhile', async () => {
    fakeApi({
      ...routes,
      'POST /payment/initiate': {
        status: 409,
        body: { message: 'This code has been used up', code: 'promo_code' },
      },
    });
    const opened = provider(() => {});
    const { pay } = setup();
    let outcome;
    await act(async () => {
      outcome = await pay(input);
    });
    expect(outcome).toEqual({ status: 'failed', message: 'This code has been used up', code: 'promo_code' });
    expect(opened).toHaveLength(0);
  });

  it('reports a closed window as cancelled', async () => {
    fakeApi(routes);
    provider((o) => o.modal?.ondismiss?.());
    const { pay } = setup();
    let outcome;
    await act(async () => {
      outcome = await pay(input);
    });
    expect(outcome).toEqual({ status: 'dismissed', message: PAYMENT_CANCELLED });
  });

  it.each([
    ['razorpayID', { ...initiation, razorpayID: null }],
    ['paymentId', { ...initiation, paymentId: undefined }],
  ])('stops before the window when the server sends no %s', async (_field, body) => {
    fakeApi({ ...routes, 'POST /payment/initiate': { status: 201, body } });
    const opened = provider(() => {});
    const { pay } = setup();
    let outcome;
    await act(async () => {
      outcome = await pay(input);
    });
    expect(outcome).toEqual({
      status: 'failed',
      message: 'Invalid payment details received from the server',
    });
    expect(opened).toHaveLength(0);
  });

  it('opens the window with the payment config already read, without asking again', async () => {
    const { calls } = fakeApi({ ...routes, 'POST /payment/verify': { body: anOrder({ id: 55 }) } });
    provider((o) =>
      o.handler({ razorpay_order_id: o.order_id, razorpay_payment_id: 'pay_1', razorpay_signature: 'sig' }),
    );
    const { pay, store } = setup();
    await store.dispatch(paymentApi.endpoints.getPaymentConfig.initiate());
    await act(async () => {
      await pay(input);
    });
    expect(calls.filter((c) => c.url === '/payment/config')).toHaveLength(1);
  });
});
