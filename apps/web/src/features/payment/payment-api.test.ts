import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../lib/store';
import { fakeApi } from '../../test/fake-api';
import { anAddress, anOrder } from '../../test/commerce-fixtures';
import { paymentApi, takesCards } from './payment-api';

const { getPaymentConfig, initiatePayment, verifyPayment } = paymentApi.endpoints;

afterEach(() => vi.unstubAllGlobals());

const order = { paymentMethod: 'card' as const, selectedAddress: anAddress() };
const initiation = {
  paymentId: 'order_test_1',
  razorpayID: 'rzp_test_local',
  orderId: 55,
  amount: 1800000,
  currency: 'INR',
};

describe('the card payment calls', () => {
  it('initiate with the address, the method and the attempt’s key, and give the provider’s ids', async () => {
    const { calls } = fakeApi({ 'POST /payment/initiate': { status: 201, body: initiation } });
    const result = await makeStore().dispatch(
      initiatePayment.initiate({ order, idempotencyKey: 'attempt-1' }),
    );
    expect(result.data).toEqual(initiation);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/payment/initiate',
      headers: { 'Idempotency-Key': 'attempt-1' },
    });
    expect(calls[0]?.body).toEqual(order);
  });

  it('fail an initiation with the server message, not a catch-all', async () => {
    fakeApi({
      'POST /payment/initiate': {
        status: 409,
        body: { message: 'Banarasi Georgette Saree is out of stock' },
      },
    });
    const result = await makeStore().dispatch(initiatePayment.initiate({ order, idempotencyKey: 'k' }));
    expect(result.error).toEqual({ status: 409, message: 'Banarasi Georgette Saree is out of stock' });
  });

  it('verify the provider answer as JSON and give the paid order', async () => {
    const paid = anOrder({
      id: 55,
      paymentMethod: 'card',
      payment: { paymentMethod: 'card', status: 'paid' },
    });
    const { calls } = fakeApi({ 'POST /payment/verify': { body: paid } });
    const answer = {
      razorpay_order_id: 'order_test_1',
      razorpay_payment_id: 'pay_1',
      razorpay_signature: 'sig',
    };
    const result = await makeStore().dispatch(verifyPayment.initiate(answer));
    expect(result.data?.id).toBe(55);
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/payment/verify', body: answer });
  });

  it('fail a verification with the server message', async () => {
    fakeApi({ 'POST /payment/verify': { status: 400, body: { message: 'Invalid payment signature' } } });
    const result = await makeStore().dispatch(
      verifyPayment.initiate({ razorpay_order_id: 'o', razorpay_payment_id: 'p', razorpay_signature: 's' }),
    );
    expect(result.error).toMatchObject({ message: 'Invalid payment signature' });
  });
});

describe('the payment config', () => {
  it('is asked for once and kept: the card flow takes the checkout’s answer', async () => {
    const { calls } = fakeApi({
      'GET /payment/config': {
        body: { provider: 'none', keyId: '', checkoutScriptUrl: '', cardPayments: false },
      },
    });
    const store = makeStore();
    await store.dispatch(getPaymentConfig.initiate());
    const again = await store.dispatch(getPaymentConfig.initiate(undefined, { subscribe: false }));
    expect(calls).toHaveLength(1);
    expect(takesCards(again.data)).toBe(false);
  });

  it('takes cards when an older server leaves cardPayments out, or the config cannot be read', () => {
    expect(takesCards({ provider: 'test', keyId: 'k', checkoutScriptUrl: '/x.js' })).toBe(true);
    expect(takesCards(undefined)).toBe(true);
  });
});
