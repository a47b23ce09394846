import type { CodSettings } from '@shop/shared/delivery';
// From pin.ts: delivery.ts brings zod, which the checkout's first visit leaves out.
import { NO_COD_RULES } from '@shop/shared/pin';
import { useShopSettings } from './use-shop-settings';

export { NO_COD_RULES };

/** The shop's cash-on-delivery rules as GET /settings gives them; a server that sends none has none. */
export function useCodRules(): CodSettings {
  return useShopSettings()?.cod ?? NO_COD_RULES;
}
