import type { Order, OrderBody, PaymentInitiation, PaymentVerifyBody } from '@shop/shared/order';
import { baseApi } from '../../lib/base-api';

/** Which provider serves the checkout window, and where its script lives (docs/product.md, Card payments). */
export interface PaymentConfig {
  /** `none`: a production server without provider keys. */
  provider: 'razorpay' | 'test' | 'none';
  keyId: string;
  checkoutScriptUrl: string;
  /** False when the shop takes cash only; older servers leave it out, and they take cards. */
  cardPayments?: boolean;
}

/** A server without card payments says so; an older one that does not say (or no answer) takes cards. */
export const takesCards = (config: PaymentConfig | undefined) => config?.cardPayments !== false;

export interface PaymentAttempt {
  order: OrderBody;
  idempotencyKey: string;
}

export const paymentApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Whether this shop takes cards at all; asked once and kept (it changes only with the server's setup). */
    getPaymentConfig: build.query<PaymentConfig, void>({
      query: () => '/payment/config',
      keepUnusedDataFor: Infinity,
    }),
    initiatePayment: build.mutation<PaymentInitiation, PaymentAttempt>({
      query: ({ order, idempotencyKey }) => ({
        path: '/payment/initiate',
        method: 'POST',
        body: order,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    }),
    /** Sends the provider's signed answer; the server replies with the paid order. */
    verifyPayment: build.mutation<Order, PaymentVerifyBody>({
      query: (body) => ({ path: '/payment/verify', method: 'POST', body }),
      invalidatesTags: (order) => (order ? [{ type: 'Order', id: 'LIST' }, 'Product', 'Dashboard'] : []),
    }),
  }),
});

export const { useGetPaymentConfigQuery, useInitiatePaymentMutation, useVerifyPaymentMutation } = paymentApi;
