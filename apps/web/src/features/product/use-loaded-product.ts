import { useEffect, useState } from 'react';
import type { Product } from '@shop/shared/product';
import { useAppDispatch } from '../../app/hooks';
import { fetchProductById } from './product-slice';

/**
 * The product with this id, as this page loaded it (a stale selection from another page never
 * shows): undefined while loading, null when it cannot be found, nothing fetched without an id.
 */
export function useLoadedProduct(id: string | undefined): Product | null | undefined {
  const dispatch = useAppDispatch();
  const [loaded, setLoaded] = useState<{ id: string; product: Product | null }>();

  useEffect(() => {
    if (id === undefined) return;
    let active = true;
    void dispatch(fetchProductById(id))
      .unwrap()
      .then(
        (p) => active && setLoaded({ id, product: p }),
        () => active && setLoaded({ id, product: null }),
      );
    return () => {
      active = false;
    };
  }, [dispatch, id]);

  return id !== undefined && loaded?.id === id ? loaded.product : undefined;
}
