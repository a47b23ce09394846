import type { Address } from '@shop/shared/address';
import { useGetOwnerOrdersQuery } from './order-api';

/**
 * Where the shopper's newest order went: undefined while asking, null with no order (or when the
 * question failed — the checkout then simply starts without a choice). One order, one small read.
 */
export function useLastShippingAddress(): Address | null | undefined {
  const { data, isError } = useGetOwnerOrdersQuery({ _page: 1, _per_page: 1 });
  if (data) return data.orders[0]?.selectedAddress ?? null;
  return isError ? null : undefined;
}
