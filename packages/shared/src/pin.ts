/**
 * PIN codes and the cash-on-delivery sums, without zod: the product page's "Check delivery" and the
 * checkout summary import this on a first visit. The schemas are in delivery.ts.
 */

/** A PIN as typed: spaces inside are dropped ("400 050"), anything else but six digits is refused. */
export const PIN_RE = /^[1-9]\d{5}$/;
export const PIN_MESSAGE = 'A PIN code is 6 digits and does not start with 0';
/** A rule's PIN or prefix: 1 to 6 digits, the first not 0 (`1100` is every PIN that starts with 1100). */
export const PIN_PREFIX_RE = /^[1-9]\d{0,5}$/;
export const PIN_PREFIX_MESSAGE = 'A PIN or PIN prefix is 1 to 6 digits and does not start with 0';
export const MAX_PINCODE_RULES = 5000;

export const normalisePin = (v: string): string => v.replace(/\s+/g, '');

/** `GET /api/pincodes/{pin}`: dates are India dates (YYYY-MM-DD). */
export interface PincodeAnswer {
  pin: string;
  district: string;
  /** One of INDIAN_STATES' names. */
  state: string;
  deliverable: boolean;
  /** Cash on delivery is offered here (the order's value may still be outside the shop's limits). */
  cod: boolean;
  /** Null where the shop does not deliver. */
  estimatedDelivery: { from: string; to: string } | null;
}

/** The COD fee on goods worth `goodsPaise` (after discounts), in paise, whole rupees. */
export function codFeePaise(cod: { feeRupees: number; feePercent: number }, goodsPaise: number): number {
  const percent = Math.round((goodsPaise * cod.feePercent) / 100 / 100) * 100;
  return cod.feeRupees * 100 + percent;
}

/** Why COD is not offered for goods worth `goodsPaise`, or null when it is. Bounds are inclusive. */
export function codLimitProblem(
  cod: { enabled: boolean; minOrderRupees: number | null; maxOrderRupees: number | null },
  goodsPaise: number,
): string | null {
  if (!cod.enabled) return 'Cash on delivery is not offered by this shop';
  if (cod.minOrderRupees !== null && goodsPaise < cod.minOrderRupees * 100)
    return `Cash on delivery is for orders of ₹${cod.minOrderRupees.toLocaleString('en-IN')} or more`;
  if (cod.maxOrderRupees !== null && goodsPaise > cod.maxOrderRupees * 100)
    return `Cash on delivery is for orders up to ₹${cod.maxOrderRupees.toLocaleString('en-IN')}`;
  return null;
}

export const ORDER_CONFIRMATIONS = ['awaiting', 'confirmed', 'not_needed'] as const;
export type OrderConfirmation = (typeof ORDER_CONFIRMATIONS)[number];

/** The shop's cash-on-delivery settings (the schema is codSettingsSchema in delivery.ts). */
export interface CodRules {
  enabled: boolean;
  feeRupees: number;
  feePercent: number;
  minOrderRupees: number | null;
  maxOrderRupees: number | null;
  confirmWithinHours: number;
  prepaidDiscountRupees: number;
}

/** A new shop's cash on delivery: offered, no fee, no limits, no confirmation (DEFAULT_COD_SETTINGS). */
export const NO_COD_RULES: CodRules = {
  enabled: true,
  feeRupees: 0,
  feePercent: 0,
  minOrderRupees: null,
  maxOrderRupees: null,
  confirmWithinHours: 0,
  prepaidDiscountRupees: 0,
};
