import type { ShopPage } from '@shop/shared/pages';
import { useGetShopPageQuery } from './pages-api';

/** The shop page with this slug (never another slug's): undefined while loading, null when it failed to load. */
export function useShopPage(slug: string): ShopPage | null | undefined {
  const { currentData, isError } = useGetShopPageQuery(slug);
  return isError ? null : currentData;
}
