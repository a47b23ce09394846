/** A refund as the provider reports it (Razorpay's refund entity). */
export interface ProviderRefund {
  id: string;
  paymentId: string;
  amountPaise: number;
  status: 'pending' | 'processed' | 'failed';
  /** Ours, sent when it was made: how a retry finds the refund an earlier attempt made. */
  receipt: string | null;
}

/** A payment of a provider order (Razorpay's payment entity), as the reconciliation asks for it. */
export interface ProviderPayment {
  id: string;
  orderId: string;
  amountPaise: number;
  currency: string;
  /** Razorpay's: created, authorized, captured, refunded, failed. Only `captured` is money in. */
  status: string;
}

/** Razorpay, the built-in test provider with the same interface, or none (decision 010). */
export interface PaymentProvider {
  readonly name: 'razorpay' | 'test' | 'none';
  readonly keyId: string;
  readonly checkoutScriptUrl: string;
  createOrder(input: { amountPaise: number; currency: 'INR'; receipt: string }): Promise<{ id: string }>;
  verifyPaymentSignature(input: { orderId: string; paymentId: string; signature: string }): boolean;
  verifyWebhookSignature(rawBody: Buffer, signature: string): boolean;
  /**
   * Refunds part or all of a captured payment (Razorpay: `POST /payments/{id}/refund`, `speed: optimum`).
   * Idempotent by `receipt`: it first looks among the payment's refunds for one with this receipt
   * (`GET /payments/{id}/refunds`) and returns it instead of refunding twice.
   * Throws `ProviderRefused` when the provider refuses it (4xx), any other error when the outcome is unknown.
   */
  refund(input: { paymentId: string; amountPaise: number; receipt: string }): Promise<ProviderRefund>;
  /** `GET /payments/{paymentId}/refunds/{refundId}`: where a refund is now. */
  fetchRefund(paymentId: string, refundId: string): Promise<ProviderRefund>;
  /** `GET /orders/{id}/payments`: what the provider holds for an order we have not heard settle. */
  orderPayments(providerOrderId: string): Promise<ProviderPayment[]>;
  /** Test provider only: signs a payment as a checkout would, so the browser flow runs offline. */
  signTestPayment?(orderId: string): { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
}

/** The provider answered and said no (a 4xx): the refund was not made and will not be by retrying. */
export class ProviderRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ProviderRefused';
  }
}
