import type { AppliedDiscount, CartOffers } from '@shop/shared/promotions';

/** A cart's offers as GET /api/cart/offers answers them: none unless `over` says. */
export function someOffers(over: Partial<CartOffers> = {}): CartOffers {
  return {
    code: null,
    codeProblem: null,
    codeSavingRupees: 0,
    subtotalRupees: 9000,
    discounts: [],
    items: [],
    discountRupees: 0,
    freeShipping: false,
    payOnlineRupees: 0,
    ...over,
  };
}

export function aDiscount(over: Partial<AppliedDiscount> = {}): AppliedDiscount {
  return { promotionId: 1, name: 'Diwali Sale', code: null, kind: 'percent', amountRupees: 900, ...over };
}

/** The cart of `aCartItem()` (line 11, ₹9,000) with DIWALI20 applied: ₹1,800 off. */
export const diwaliCode = (over: Partial<CartOffers> = {}): CartOffers =>
  someOffers({
    code: 'DIWALI20',
    codeSavingRupees: 1800,
    discounts: [aDiscount({ promotionId: 2, name: 'Diwali Sale', code: 'DIWALI20', amountRupees: 1800 })],
    items: [{ id: 11, discountRupees: 1800 }],
    discountRupees: 1800,
    ...over,
  });
