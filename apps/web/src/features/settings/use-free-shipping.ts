import { FREE_SHIPPING_THRESHOLD_RUPEES } from '@shop/shared/constants';
import { useShopSettings } from './use-shop-settings';

/**
 * The owner's free-shipping threshold in rupees (Settings → Shipping), null when nothing ships free by
 * value; the default threshold until the settings arrive (and on the server's first paint).
 */
export function useFreeShippingAbove(): number | null {
  const shipping = useShopSettings()?.shipping;
  return shipping ? shipping.freeAboveRupees : FREE_SHIPPING_THRESHOLD_RUPEES;
}
