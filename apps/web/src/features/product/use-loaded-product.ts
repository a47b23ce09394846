import { skipToken } from '@reduxjs/toolkit/query/react';
import type { Product } from '@shop/shared/product';
import { useGetProductQuery } from './product-api';

/**
 * The product with this id (never the one of another id still on screen): undefined while loading,
 * null when it cannot be found, nothing asked without an id.
 */
export function useLoadedProduct(id: string | undefined): Product | null | undefined {
  const { currentData, isError } = useGetProductQuery(id ?? skipToken);
  if (id === undefined) return undefined;
  return isError ? null : currentData;
}
