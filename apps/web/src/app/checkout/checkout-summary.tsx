import { Link } from 'react-router';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { AlertCircle, Lock, Trash2 } from 'lucide-react';
import type { CartItem } from '@shop/shared/cart';
import { paiseToRupees, rupeesToPaise } from '@shop/shared/money';
import type { CartOffers } from '@shop/shared/promotions';
import { Button } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { cartKey } from '../../features/cart/cart-offers-api';
import { PromoCode } from '../../features/cart/components/promo-code';
import { freeShippingText, lineDiscount, offerRows } from '../../features/cart/offer-rows';
import { useGetShippingQuoteQuery } from '../../features/cart/shipping-quote-api';
import { OrderItemRow } from '../../features/order/components/order-item-row';
import { OrderSummary } from '../../features/order/components/order-summary';
import { responsiveImage } from '../../features/product/components/product-image';
import { paths } from '../../config/paths';
import { useShopSettings } from '../../features/settings/use-shop-settings';
import { shippingRows } from './shipping-rows';
import { TaxBreakupRows } from './tax-breakup';

export interface CheckoutSummaryProps {
  items: readonly CartItem[];
  subtotal: number;
  pieces: number;
  /** The cash fee or the prepaid discount of the payment method chosen. */
  adjustments?: readonly { label: string; rupees: number }[];
  /** A problem with the chosen address the server would refuse (a PIN the shop does not deliver to). */
  notice?: string | null;
  /** The chosen address's state, which decides CGST + SGST or IGST; undefined before one is chosen. */
  deliveryState: string | undefined;
  /** The chosen address's PIN code (a valid one), which decides the shipping charge; undefined before. */
  deliveryPin?: string;
  removingId: number | null;
  onRemove: (id: number) => void;
  busy: boolean;
  paymentError: string | null;
  onPlaceOrder: () => void;
  /** The signed-in shopper's promotions and code (a visitor's checkout has none: a code is kept with an account's cart). */
  promotions?: CheckoutPromotions;
}

export interface CheckoutPromotions {
  /** The cart's offers as this order would get them; undefined while unknown. */
  offers: CartOffers | undefined;
  /** The server refused the cart's code at Place Order (409 `promo_code`): its words. */
  refusal: string | null;
  onPlaceWithoutCode: () => void;
  onRemoveCode: () => void;
  removingCode: boolean;
}

export function CheckoutSummary({
  items,
  subtotal,
  pieces,
  adjustments,
  notice,
  deliveryState,
  deliveryPin,
  removingId,
  onRemove,
  busy,
  paymentError,
  onPlaceOrder,
  promotions,
}: CheckoutSummaryProps) {
  const shop = useShopSettings();
  const offers = promotions?.offers;
  // The server's figure for this cart to this PIN, as the order will take it; asked again when the cart changes.
  const quote = useGetShippingQuoteQuery(
    deliveryPin ? { pin: deliveryPin, cart: cartKey(items) } : skipToken,
  );
  const rows = shippingRows({
    pinKnown: deliveryPin !== undefined,
    quote: quote.currentData,
    failed: quote.isError,
    rules: shop?.shipping,
    // docs/product.md, Promotions: the free-shipping threshold is on the goods after their offers.
    subtotal: paiseToRupees(rupeesToPaise(subtotal) - rupeesToPaise(offers?.discountRupees ?? 0)),
  });
  const free = freeShippingText(offers);
  const shipping = free ? { text: free, adjustments: [] } : rows;
  // Shown while the code is still on the cart (or its offers are unknown): removed, there is nothing to refuse.
  const refusal = promotions?.refusal && offers?.code !== null ? promotions.refusal : null;
  return (
    <OrderSummary
      subtotal={subtotal}
      totalItems={pieces}
      shipping={shipping.text}
      discounts={offerRows(offers)}
      adjustments={[...shipping.adjustments, ...(adjustments ?? [])]}
      taxes={
        <TaxBreakupRows
          items={items}
          offers={offers}
          sellerState={shop?.state}
          deliveryState={deliveryState}
        />
      }
      className="lg:sticky lg:top-28 lg:col-span-5"
      lines={
        // Only beside the form (lg, sticky) does the list scroll within itself; on a phone it flows with the page.
        <ul className="divide-y divide-sand/70 lg:max-h-96 lg:overflow-y-auto lg:pr-1">
          {items.map((item) => (
            <OrderItemRow
              key={item.id}
              item={{ ...item, discountRupees: lineDiscount(offers, item.id) }}
              imageFor={responsiveImage}
              className={cx(
                'transition-opacity first:pt-0 last:pb-0',
                removingId === item.id && 'opacity-60',
              )}
              action={
                <button
                  type="button"
                  onClick={() => onRemove(item.id)}
                  disabled={busy || removingId !== null}
                  title="Remove"
                  className="flex size-11 items-center justify-center rounded-lg text-ink-soft transition-colors hover:bg-maroon/5 hover:text-maroon disabled:opacity-60"
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  <span className="sr-only">Remove {item.product.title}</span>
                </button>
              }
            />
          ))}
        </ul>
      }
    >
      {promotions && <PromoCode offers={offers} />}
      {notice && (
        <p className="flex gap-2 rounded-lg border border-gold/60 bg-gold-light/30 p-3 text-sm text-ink">
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-maroon" />
          {notice}
        </p>
      )}
      {paymentError && (
        <div
          role="alert"
          className="flex gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p>{paymentError}</p>
        </div>
      )}
      {refusal && promotions && (
        <div
          role="alert"
          className="space-y-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          <p className="flex gap-2">
            <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {refusal}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              onClick={promotions.onPlaceWithoutCode}
              loading={busy}
              disabled={promotions.removingCode}
            >
              Place the order without the code
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={promotions.onRemoveCode}
              loading={promotions.removingCode}
              disabled={busy}
            >
              Remove the code
            </Button>
          </div>
        </div>
      )}
      <Button
        size="lg"
        className="w-full"
        onClick={onPlaceOrder}
        loading={busy}
        disabled={removingId !== null}
        icon={<Lock aria-hidden="true" className="size-4" />}
      >
        Place Order
      </Button>
      <p className="text-center text-xs text-ink-soft">
        Your details are sent securely.{' '}
        <Link to={paths.cart} className="font-medium text-teal hover:underline">
          Edit cart
        </Link>
      </p>
    </OrderSummary>
  );
}
