import { useCallback } from 'react';
import { MESSAGES } from '@shop/shared/messages';
import type { Order } from '@shop/shared/order';
import { useBrand } from '../../lib/brand';
import { errorText } from '../../lib/error-text';
import { useAppDispatch } from '../../lib/store-hooks';
import { loadCheckoutScript, openCheckout } from './checkout-window';
import {
  paymentApi,
  useInitiatePaymentMutation,
  useVerifyPaymentMutation,
  type PaymentAttempt,
} from './payment-api';

export const PAYMENT_CANCELLED = 'Payment cancelled. Your order has not been placed.';

export interface CardPaymentInput extends PaymentAttempt {
  prefill?: { name?: string; email?: string; contact?: string };
}

export type CardPaymentOutcome =
  | { status: 'paid'; order: Order }
  /** `code`: the server's kind of refusal, e.g. `promo_code` (the cart's code can no longer be used). */
  | { status: 'failed' | 'dismissed'; message: string; code?: string };

const failed = (message: string, code?: string): CardPaymentOutcome => ({ status: 'failed', message, code });

/** The provider window takes the shop's maroon from the theme, not a copy of the hex. */
function brandColour(): string | undefined {
  return getComputedStyle(document.documentElement).getPropertyValue('--color-maroon').trim() || undefined;
}

/**
 * The card flow in one call (docs/product.md, Card payments): initiate (the server reserves the
 * cart) → load the provider's script → open its window → verify the signed answer. Resolves with the
 * paid order or with the reason it did not happen.
 */
export function useCardPayment() {
  const dispatch = useAppDispatch();
  const [initiate] = useInitiatePaymentMutation();
  const [verify] = useVerifyPaymentMutation();
  const { shopName } = useBrand();

  const loadProviderScript = useCallback(async () => {
    const config = await dispatch(
      paymentApi.endpoints.getPaymentConfig.initiate(undefined, { subscribe: false }),
    ).unwrap();
    await loadCheckoutScript(config.checkoutScriptUrl);
  }, [dispatch]);

  return useCallback(
    async ({ order, idempotencyKey, prefill }: CardPaymentInput): Promise<CardPaymentOutcome> => {
      const initiated = await initiate({ order, idempotencyKey });
      if (initiated.error) return failed(errorText(initiated.error), initiated.error.code);
      const { paymentId, razorpayID, amount, currency, orderId } = initiated.data;
      if (!razorpayID || !paymentId) return failed(MESSAGES.invalidPaymentDetails);
      try {
        await loadProviderScript();
      } catch (e) {
        return failed(errorText(e));
      }
      const result = await openCheckout({
        key: razorpayID,
        order_id: paymentId,
        amount,
        currency,
        name: shopName,
        description: `Order #${orderId}`,
        prefill,
        theme: { color: brandColour() },
      });
      if (result.status === 'failed') return result;
      if (result.status === 'dismissed') return { status: 'dismissed', message: PAYMENT_CANCELLED };
      const verified = await verify(result.response);
      if (verified.error) return failed(errorText(verified.error));
      return { status: 'paid', order: verified.data };
    },
    [initiate, verify, loadProviderScript, shopName],
  );
}
