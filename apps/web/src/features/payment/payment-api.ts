import type { Order, OrderBody, PaymentInitiation, PaymentVerifyBody } from '@shop/shared/order';
import { api } from '../../lib/api-client';

/** Which provider serves the checkout window, and where its script lives (DESIGN §3 Payments). */
export interface PaymentConfig {
  provider: 'razorpay' | 'test';
  keyId: string;
  checkoutScriptUrl: string;
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
