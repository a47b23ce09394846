import { chargedGrams, normalisePin, shippingChargePaise, type ShippingQuote, type ShopSettings } from '@shop/shared';
import type { DbOrTx } from '../db/client.ts';
import { badRequest } from '../lib/errors.ts';
import { zoneOfPin } from '../modules/delivery/delivery.service.ts';
import { parcelWeight, type ParcelLine } from '../modules/shipping/parcel.ts';

export interface ShippingCharge {
  paise: number;
  grams: number;
}

type Rules = Pick<ShopSettings, 'shipping' | 'delivery'>;

/** Whether any charge can come of these rules: with every rate 0, no parcel is weighed at checkout. */
export const chargesShipping = (shop: Rules): boolean =>
  Object.values(shop.shipping.rates).some((r) => r.firstSlabRupees > 0 || r.extraSlabRupees > 0);

/**
 * docs/product.md, Shipping charges: the greater of the actual and the volumetric weight, up to the
 * slab, at the zone's rate for the address's PIN; free from the threshold on the goods' value.
 */
export async function shippingCharge(db: DbOrTx, shop: Rules, pin: string, lines: readonly ParcelLine[], goodsPaise: number): Promise<ShippingCharge & Omit<ShippingQuote, 'shippingRupees' | 'freeAboveRupees' | 'chargedGrams'>> {
  const zone = zoneOfPin(pin, shop.delivery);
  // The checkout checked the PIN first (deliveryProblem): this is the quote's own 400.
  if (zone === null) throw badRequest(`PIN code ${normalisePin(pin)} does not exist`);
  const weight = await parcelWeight(db, lines, shop.shipping.defaultWeightGrams);
  const grams = chargedGrams(weight.actualGrams, weight.volumetricGrams, shop.shipping.slabGrams);
  return { pin: normalisePin(pin), zone, grams, paise: shippingChargePaise(shop.shipping, zone, grams, goodsPaise) };
}
