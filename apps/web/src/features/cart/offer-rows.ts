import { skipToken } from '@reduxjs/toolkit/query/react';
import type { CartItem } from '@shop/shared/cart';
import type { AppliedDiscount, CartOffers } from '@shop/shared/promotions';
import { cartKey, useGetCartOffersQuery } from './cart-offers-api';

/** "Diwali Sale (DIWALI20)", or the name alone for an automatic sale. */
export const discountLabel = (d: Pick<AppliedDiscount, 'name' | 'code'>) =>
  d.code ? `${d.name} (${d.code})` : d.name;

/** The summary's rows for the goods' promotions, each a negative amount (free shipping is on the Shipping row). */
export const offerRows = (offers: CartOffers | undefined): { label: string; rupees: number }[] =>
  (offers?.discounts ?? [])
    .filter((d) => d.kind !== 'free_shipping' && d.amountRupees > 0)
    .map((d) => ({ label: discountLabel(d), rupees: -d.amountRupees }));

/** "Free (Festive Free Shipping)" when a promotion ships the cart free; null otherwise. */
export function freeShippingText(offers: CartOffers | undefined): string | null {
  if (!offers?.freeShipping) return null;
  const d = offers.discounts.find((x) => x.kind === 'free_shipping');
  return d ? `Free (${d.name})` : 'Free';
}

/** A cart line's discount in rupees (0 for none), by cart item id. */
export const lineDiscount = (offers: CartOffers | undefined, id: number): number =>
  offers?.items.find((i) => i.id === id)?.discountRupees ?? 0;

/**
 * The signed-in shopper's cart offers, asked again when the cart's lines change; `card` prices them as an
 * order paid online. Skipped for a visitor (the server keeps a code with an account's cart only).
 */
export function useCartOffers(
  items: readonly CartItem[],
  { method, skip = false }: { method?: 'card'; skip?: boolean },
) {
  const query = useGetCartOffersQuery(
    skip || items.length === 0 ? skipToken : { method, cart: cartKey(items) },
  );
  return query.data;
}
