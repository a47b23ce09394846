import { useCallback } from 'react';
import { SHOP_NAME } from '@shop/shared/constants';
import type { Order, OrderBody } from '@shop/shared/order';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { errorText, rejectionMessage } from '../../lib/thunk';
import { loadCheckoutScript, openCheckout } from './checkout-window';
import { paymentApi } from './payment-api';
import { initiatePayment, paymentFailed, selectPaymentConfig, verifyPayment } from './payment-slice';

export const PAYMENT_CANCELLED = 'Payment cancelled. Your order has not been placed.';

export interface CardPaymentInput {
  order: OrderBody & Record<string, unknown>;
  idempotencyKey: string;
  prefill?: { name?: string; email?: string; contact?: string };
}

export type CardPaymentOutcome =
  { status: 'paid'; order: Order } | { status: 'failed' | 'dismissed'; message: string };

/** The provider window takes the shop's maroon from the theme, not a copy of the hex. */
function brandColour(): string | undefined {
  return getComputedStyle(document.documentElement).getPropertyValue('--color-maroon').trim() || undefined;
}

/**
 * The card flow in one call (docs/product.md, Card payments): initiate (the server reserves the
 * cart) → load the provider's script → open its window → verify the signed answer. Resolves with the
 * paid order or with the reason it did not happen; every reason is also kept in the payment slice's error.
 */
export function useCardPayment() {
  const dispatch = useAppDispatch();
  const knownConfig = useAppSelector(selectPaymentConfig);
  return useCallback(
    async ({ order, idempotencyKey, prefill }: CardPaymentInput): Promise<CardPaymentOutcome> => {
      const initiated = await dispatch(initiatePayment({ order, idempotencyKey }));
      if (initiatePayment.rejected.match(initiated)) {
        return { status: 'failed', message: rejectionMessage(initiated) };
      }
      const { paymentId, razorpayID, amount, currency } = initiated.payload;
      try {
        const config = knownConfig ?? (await paymentApi.config());
        await loadCheckoutScript(config.checkoutScriptUrl);
      } catch (e) {
        dispatch(paymentFailed(errorText(e)));
        return { status: 'failed', message: errorText(e) };
      }
      const result = await openCheckout({
        key: razorpayID,
        order_id: paymentId,
        amount,
        currency,
        name: SHOP_NAME,
        description: `Order #${initiated.payload.orderId}`,
        prefill,
        theme: { color: brandColour() },
      });
      if (result.status === 'failed') {
        dispatch(paymentFailed(result.message));
        return result;
      }
      if (result.status === 'dismissed') {
        dispatch(paymentFailed(PAYMENT_CANCELLED));
        return { status: 'dismissed', message: PAYMENT_CANCELLED };
      }
      const verified = await dispatch(verifyPayment(result.response));
      if (verifyPayment.rejected.match(verified)) {
        return { status: 'failed', message: rejectionMessage(verified) };
      }
      return { status: 'paid', order: verified.payload };
    },
    [dispatch, knownConfig],
  );
}
