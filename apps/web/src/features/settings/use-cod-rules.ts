import type { CodSettings } from '@shop/shared/delivery';
import { useShopSettings } from './use-shop-settings';

/** DEFAULT_COD_SETTINGS, written out: delivery.ts brings zod, which the checkout's first visit leaves out. */
export const NO_COD_RULES: CodSettings = {
  enabled: true,
  feeRupees: 0,
  feePercent: 0,
  minOrderRupees: null,
  maxOrderRupees: null,
  confirmWithinHours: 0,
  prepaidDiscountRupees: 0,
};

/** The shop's cash-on-delivery rules as GET /settings gives them; a server that sends none has none. */
export function useCodRules(): CodSettings {
  return useShopSettings()?.cod ?? NO_COD_RULES;
}
