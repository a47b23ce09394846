import { useEffect, useMemo } from 'react';
import type { FilterSection } from '../features/product/components/filter-panel';
import { fetchBrands, fetchCategories, selectBrands, selectCategories } from '../features/catalog/catalog-slice';
import { useAppDispatch, useAppSelector } from './hooks';

/** The listing's filter groups (SPEC §2): Category and Brand, loaded from the catalogue. */
export function useFilterSections(): FilterSection[] {
  const dispatch = useAppDispatch();
  const brands = useAppSelector(selectBrands);
  const categories = useAppSelector(selectCategories);
  useEffect(() => {
    void dispatch(fetchBrands());
    void dispatch(fetchCategories());
  }, [dispatch]);
  return useMemo(
    () => [
      { id: 'category', name: 'Category', options: categories },
      { id: 'brand', name: 'Brand', options: brands },
    ],
    [brands, categories],
  );
}
