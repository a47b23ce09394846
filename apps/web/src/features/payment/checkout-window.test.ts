import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  loadCheckoutScript,
  openCheckout,
  PAYMENT_FAILED,
  SCRIPT_LOAD_FAILED,
  type RazorpayFailure,
  type RazorpayOptions,
} from './checkout-window';

/** A stand-in for the provider's window: the test decides what the shopper does in it. */
function fakeRazorpay(act: (options: RazorpayOptions, fail: (r: RazorpayFailure) => void) => void) {
  const instances: { options: RazorpayOptions; closed: boolean }[] = [];
  class Razorpay {
    private failed: ((r: RazorpayFailure) => void) | undefined;
    private readonly record: { options: RazorpayOptions; closed: boolean };
    constructor(options: RazorpayOptions) {
      this.record = { options, closed: false };
      instances.push(this.record);
    }
    on(_event: string, cb: (r: RazorpayFailure) => void) {
      this.failed = cb;
    }
    open() {
      act(this.record.options, (r) => this.failed?.(r));
    }
    close() {
      this.record.closed = true;
    }
  }
  vi.stubGlobal('Razorpay', Razorpay);
  return instances;
}

const options = {
  key: 'rzp_test_local',
  order_id: 'order_1',
  amount: 900000,
  currency: 'INR',
  name: 'Saree Pari',
};

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.querySelectorAll('script').forEach((s) => s.remove());
});

describe('loadCheckoutScript', () => {
  it('adds the script once and resolves when it defines the provider', async () => {
    const first = loadCheckoutScript('/api/payment/checkout.js');
    const second = loadCheckoutScript('/api/payment/checkout.js');
    const scripts = document.head.querySelectorAll('script[src="/api/payment/checkout.js"]');
    expect(scripts).toHaveLength(1);
    fakeRazorpay(() => {});
    scripts[0]!.dispatchEvent(new Event('load'));
    await expect(Promise.all([first, second])).resolves.toEqual([undefined, undefined]);
  });

  it('rejects with a clear message when the script cannot load, and tries again next time', async () => {
    const first = loadCheckoutScript('/api/payment/missing.js');
    document.head.querySelector('script')!.dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow(SCRIPT_LOAD_FAILED);
    void loadCheckoutScript('/api/payment/missing.js').catch(() => {});
    expect(document.head.querySelectorAll('script[src="/api/payment/missing.js"]')).toHaveLength(1);
  });

  it('resolves at once when the provider is already there', async () => {
    fakeRazorpay(() => {});
    await expect(loadCheckoutScript('/api/payment/checkout.js')).resolves.toBeUndefined();
    expect(document.head.querySelectorAll('script')).toHaveLength(0);
  });
});

describe('openCheckout', () => {
  it('resolves paid with the signed answer the provider hands over', async () => {
    const answer = { razorpay_order_id: 'order_1', razorpay_payment_id: 'pay_1', razorpay_signature: 'sig' };
    const instances = fakeRazorpay((o) => o.handler(answer));
    await expect(openCheckout(options)).resolves.toEqual({ status: 'paid', response: answer });
    expect(instances[0]?.options).toMatchObject(options);
  });

  it('resolves failed with the provider description and closes the window', async () => {
    const instances = fakeRazorpay((_o, fail) => fail({ error: { description: 'Your card was declined' } }));
    await expect(openCheckout(options)).resolves.toEqual({
      status: 'failed',
      message: 'Your card was declined',
    });
    expect(instances[0]?.closed).toBe(true);
  });

  it('falls back to a plain failure message when the provider gives none', async () => {
    fakeRazorpay((_o, fail) => fail({}));
    await expect(openCheckout(options)).resolves.toEqual({ status: 'failed', message: PAYMENT_FAILED });
  });

  it('resolves dismissed when the shopper closes the window, and only once', async () => {
    fakeRazorpay((o) => {
      o.modal?.ondismiss?.();
      o.handler({ razorpay_order_id: 'x', razorpay_payment_id: 'y', razorpay_signature: 'z' });
    });
    await expect(openCheckout(options)).resolves.toEqual({ status: 'dismissed' });
  });

  it('rejects when the provider script is not loaded', async () => {
    await expect(openCheckout(options)).rejects.toThrow(SCRIPT_LOAD_FAILED);
  });
});
