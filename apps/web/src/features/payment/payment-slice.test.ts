import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { fakeApi } from '../../test/fake-api';
import { anAddress, anOrder } from '../../test/commerce-fixtures';
import {
  fetchPaymentConfig,
  initiatePayment,
  paymentFailed,
  paymentReset,
  selectCardPayments,
  selectPayment,
  selectPaymentConfigLoaded,
  verifyPayment,
} from './payment-slice';

afterEach(() => vi.unstubAllGlobals());

const order = {
  paymentMethod: 'card' as const,
  selectedAddress: anAddress(),
  items: [],
  totalAmount: 18000,
  totalItems: 2,
  user: 7,
  status: 'pending',
};
const initiation = {
  paymentId: 'order_test_1',
  razorpayID: 'rzp_test_local',
  orderId: 55,
  amount: 1800000,
  currency: 'INR',
};

describe('payment slice', () => {
  it('sets paymentSucess, paymentId and razorpayID when the payment is initiated', async () => {
    const { calls } = fakeApi({ 'POST /payment/initiate': { status: 201, body: initiation } });
    const store = makeStore();
    const pending = store.dispatch(initiatePayment({ order, idempotencyKey: 'attempt-1' }));
    expect(selectPayment(store.getState()).status).toBe('loading');
    await pending;
    expect(selectPayment(store.getState())).toMatchObject({
      paymentSucess: true,
      paymentId: 'order_test_1',
      razorpayID: 'rzp_test_local',
      orderId: 55,
      amount: 1800000,
      status: 'idle',
      error: null,
    });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/payment/initiate',
      headers: { 'Idempotency-Key': 'attempt-1' },
    });
    expect(calls[0]?.body).toMatchObject({ paymentMethod: 'card', selectedAddress: anAddress() });
  });

  it.each([
    ['razorpayID', { ...initiation, razorpayID: '' }],
    ['paymentId', { ...initiation, paymentId: undefined }],
  ])('rejects a reply without %s as invalid payment details', async (_field, body) => {
    fakeApi({ 'POST /payment/initiate': { status: 201, body } });
    const store = makeStore();
    const result = await store.dispatch(initiatePayment({ order, idempotencyKey: 'k' }));
    expect(initiatePayment.rejected.match(result) && result.payload).toBe(
      'Invalid payment details received from the server',
    );
    expect(selectPayment(store.getState())).toMatchObject({
      paymentSucess: false,
      paymentId: null,
      error: 'Invalid payment details received from the server',
    });
  });

  it('keeps the server message when initiation fails, not a catch-all', async () => {
    fakeApi({
      'POST /payment/initiate': {
        status: 409,
        body: { message: 'Banarasi Georgette Saree is out of stock' },
      },
    });
    const store = makeStore();
    await store.dispatch(initiatePayment({ order, idempotencyKey: 'k' }));
    expect(selectPayment(store.getState()).error).toBe('Banarasi Georgette Saree is out of stock');
  });

  it('verifies the provider answer as JSON and resolves with the paid order', async () => {
    const paid = anOrder({
      id: 55,
      paymentMethod: 'card',
      payment: { paymentMethod: 'card', status: 'paid' },
    });
    const { calls } = fakeApi({ 'POST /payment/verify': { body: paid } });
    const store = makeStore();
    const answer = {
      razorpay_order_id: 'order_test_1',
      razorpay_payment_id: 'pay_1',
      razorpay_signature: 'sig',
    };
    const result = await store.dispatch(verifyPayment(answer));
    expect(verifyPayment.fulfilled.match(result) && result.payload.id).toBe(55);
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/payment/verify', body: answer });
  });

  it('keeps the verify error', async () => {
    fakeApi({ 'POST /payment/verify': { status: 400, body: { message: 'Invalid payment signature' } } });
    const store = makeStore();
    await store.dispatch(
      verifyPayment({ razorpay_order_id: 'o', razorpay_payment_id: 'p', razorpay_signature: 's' }),
    );
    expect(selectPayment(store.getState()).error).toBe('Invalid payment signature');
  });

  it('keeps a failure reported by the provider window', () => {
    const store = makeStore();
    store.dispatch(paymentFailed('Your card was declined'));
    expect(selectPayment(store.getState()).error).toBe('Your card was declined');
  });

  it('clears the payment and its error on reset', async () => {
    fakeApi({ 'POST /payment/initiate': { status: 201, body: initiation } });
    const store = makeStore();
    await store.dispatch(initiatePayment({ order, idempotencyKey: 'k' }));
    store.dispatch(paymentFailed('Payment cancelled'));
    store.dispatch(paymentReset());
    expect(selectPayment(store.getState())).toMatchObject({
      paymentSucess: false,
      paymentId: null,
      razorpayID: null,
      orderId: null,
      error: null,
    });
  });

  it('asks for the payment config once and keeps it through a reset', async () => {
    const { calls } = fakeApi({
      'GET /payment/config': {
        body: { provider: 'none', keyId: '', checkoutScriptUrl: '', cardPayments: false },
      },
    });
    const store = makeStore();
    await store.dispatch(fetchPaymentConfig());
    store.dispatch(paymentReset());
    await store.dispatch(fetchPaymentConfig());
    expect(calls).toHaveLength(1);
    expect(selectPaymentConfigLoaded(store.getState())).toBe(true);
    expect(selectCardPayments(store.getState())).toBe(false);
  });

  it('takes cards when an older server leaves cardPayments out, or the config cannot be read', async () => {
    fakeApi({
      'GET /payment/config': { body: { provider: 'test', keyId: 'k', checkoutScriptUrl: '/x.js' } },
    });
    const store = makeStore();
    await store.dispatch(fetchPaymentConfig());
    expect(selectCardPayments(store.getState())).toBe(true);

    fakeApi({ 'GET /payment/config': { status: 500, body: { message: 'Down' } } });
    const offline = makeStore();
    await offline.dispatch(fetchPaymentConfig());
    expect(selectPaymentConfigLoaded(offline.getState())).toBe(true);
    expect(selectCardPayments(offline.getState())).toBe(true);
  });
});
