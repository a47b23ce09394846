import type { PaymentVerifyBody } from '@shop/shared/order';

/** The part of Razorpay's browser interface the shop uses; the built-in test provider has the same. */
export interface RazorpayOptions {
  key: string;
  order_id: string;
  amount: number;
  currency: string;
  name: string;
  description?: string;
  prefill?: { name?: string; email?: string; contact?: string };
  notes?: Record<string, string>;
  theme?: { color?: string };
  handler: (response: PaymentVerifyBody) => void;
  modal?: { ondismiss?: () => void };
}

export interface RazorpayFailure {
  error?: { code?: string; description?: string; reason?: string };
}

export interface RazorpayInstance {
  open(): void;
  close?(): void;
  on(event: 'payment.failed', cb: (response: RazorpayFailure) => void): void;
}

declare global {
  interface Window {
    Razorpay?: new (options: RazorpayOptions) => RazorpayInstance;
  }
}

export const SCRIPT_LOAD_FAILED =
  'The payment window could not be loaded. Please check your connection and try again.';
export const PAYMENT_FAILED = 'Payment failed. Please try again or choose another payment method.';

const loading = new Map<string, Promise<void>>();

/** Adds the provider's checkout script once; resolves when `window.Razorpay` exists. */
export function loadCheckoutScript(url: string): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  const known = loading.get(url);
  if (known) return known;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => (window.Razorpay ? resolve() : reject(new Error(SCRIPT_LOAD_FAILED)));
    script.onerror = () => {
      script.remove();
      reject(new Error(SCRIPT_LOAD_FAILED));
    };
    document.head.appendChild(script);
  });
  // A failed load may be retried on the next attempt.
  promise.catch(() => loading.delete(url));
  loading.set(url, promise);
  return promise;
}

export type CheckoutResult =
  | { status: 'paid'; response: PaymentVerifyBody }
  | { status: 'failed'; message: string }
  | { status: 'dismissed' };

/**
 * Opens the provider's window and settles once: paid (with the signed response to verify), failed
 * (with the provider's own words) or dismissed. After a failure the window is closed so the shopper
 * retries from the checkout page with a fresh attempt.
 */
export function openCheckout(options: Omit<RazorpayOptions, 'handler' | 'modal'>): Promise<CheckoutResult> {
  const Razorpay = window.Razorpay;
  if (!Razorpay) return Promise.reject(new Error(SCRIPT_LOAD_FAILED));
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: CheckoutResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const rzp = new Razorpay({
      ...options,
      handler: (response) => settle({ status: 'paid', response }),
      modal: { ondismiss: () => settle({ status: 'dismissed' }) },
    });
    rzp.on('payment.failed', (response) => {
      settle({ status: 'failed', message: response?.error?.description || PAYMENT_FAILED });
      rzp.close?.();
    });
    rzp.open();
  });
}
