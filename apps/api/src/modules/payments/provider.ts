/**
 * A card/UPI payment provider (docs/product.md, Card payments): Razorpay when keys are configured; the built-in
 * test provider, with the same browser interface and signatures, outside production or by explicit
 * opt-in; or `none`, which takes no payment at all (decision 010).
 */
export interface PaymentProvider {
  readonly name: 'razorpay' | 'test' | 'none';
  /** The public key id the browser passes to the checkout script (`razorpayID`). */
  readonly keyId: string;
  /** URL of the checkout script the browser loads. */
  readonly checkoutScriptUrl: string;
  /** Creates the provider's order for an amount in paise; returns its id. */
  createOrder(input: { amountPaise: number; currency: 'INR'; receipt: string }): Promise<{ id: string }>;
  /** HMAC-SHA256 of `order_id|payment_id` with the key secret, compared in constant time. */
  verifyPaymentSignature(input: { orderId: string; paymentId: string; signature: string }): boolean;
  /** Signature of a webhook's raw body with the webhook secret; false when no secret is set. */
  verifyWebhookSignature(rawBody: Buffer, signature: string): boolean;
  /**
   * Test provider only: signs a made-up successful payment of one of its orders, as the provider's
   * checkout would, so the browser flow runs offline. Absent on real providers.
   */
  signTestPayment?(orderId: string): { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
}
