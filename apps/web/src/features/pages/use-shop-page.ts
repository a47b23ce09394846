import { useEffect, useState } from 'react';
import type { ShopPage } from '@shop/shared/pages';
import { pagesApi } from './pages-api';

/** The shop page with this slug: undefined while loading, null when it failed to load. */
export function useShopPage(slug: string): ShopPage | null | undefined {
  const [loaded, setLoaded] = useState<{ slug: string; page: ShopPage | null }>();
  useEffect(() => {
    let active = true;
    pagesApi.one(slug).then(
      (page) => active && setLoaded({ slug, page }),
      () => active && setLoaded({ slug, page: null }),
    );
    return () => {
      active = false;
    };
  }, [slug]);
  return loaded?.slug === slug ? loaded.page : undefined;
}
