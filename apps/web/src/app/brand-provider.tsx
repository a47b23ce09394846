import { useMemo, type ReactNode } from 'react';
import { selectShopSettings } from '../features/settings/settings-api';
import { asBrand, BrandContext, servedBrand } from '../lib/brand';
import { useAppSelector } from '../lib/store-hooks';

/**
 * The brand for the whole app: the settings' answer once some page has asked for it (so an admin's
 * save shows at once), else the one the server wrote into the page. Reading the cache asks nothing.
 */
export function BrandProvider({ children }: { children: ReactNode }) {
  const settings = useAppSelector(selectShopSettings);
  const brand = useMemo(() => asBrand(settings) ?? servedBrand(), [settings]);
  return <BrandContext.Provider value={brand}>{children}</BrandContext.Provider>;
}
