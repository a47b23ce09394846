/** Razorpay, the built-in test provider with the same interface, or none (decision 010). */
export interface PaymentProvider {
  readonly name: 'razorpay' | 'test' | 'none';
  readonly keyId: string;
  readonly checkoutScriptUrl: string;
  createOrder(input: { amountPaise: number; currency: 'INR'; receipt: string }): Promise<{ id: string }>;
  verifyPaymentSignature(input: { orderId: string; paymentId: string; signature: string }): boolean;
  verifyWebhookSignature(rawBody: Buffer, signature: string): boolean;
  /** Test provider only: signs a payment as a checkout would, so the browser flow runs offline. */
  signTestPayment?(orderId: string): { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
}
