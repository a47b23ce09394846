import type { Order, OrderBody, PaymentInitiation, PaymentVerifyBody } from '@shop/shared/order';
import { api } from '../../lib/api-client';

/** Which provider serves the checkout window, and where its script lives (docs/product.md, Card payments). */
export interface PaymentConfig {
  /** `none`: a production server without provider keys (issue 12). */
  provider: 'razorpay' | 'test' | 'none';
  keyId: string;
  checkoutScriptUrl: string;
  /** False when the shop takes cash only; older servers leave it out, and they take cards. */
  cardPayments?: boolean;
}

export const paymentApi = {
  config: () => api<PaymentConfig>('/payment/config'),
  initiate: (body: OrderBody & Record<string, unknown>, idempotencyKey: string) =>
    api<PaymentInitiation>('/payment/initiate', {
      method: 'POST',
      body,
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  verify: (body: PaymentVerifyBody) => api<Order>('/payment/verify', { method: 'POST', body }),
};
