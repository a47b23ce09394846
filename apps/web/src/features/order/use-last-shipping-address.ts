import { useEffect, useState } from 'react';
import type { Address } from '@shop/shared/address';
import { orderApi } from './order-api';

/**
 * Where the shopper's newest order went: undefined while asking, null with no order (or when the
 * question failed — the checkout then simply starts without a choice). One order, one small read.
 */
export function useLastShippingAddress(): Address | null | undefined {
  const [address, setAddress] = useState<Address | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    orderApi.owner({ _page: 1, _per_page: 1 }).then(
      (list) => live && setAddress(list.orders[0]?.selectedAddress ?? null),
      () => live && setAddress(null),
    );
    return () => {
      live = false;
    };
  }, []);
  return address;
}
