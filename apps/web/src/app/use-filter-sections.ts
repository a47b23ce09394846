import { useMemo } from 'react';
import type { Option } from '@shop/shared/catalog';
import type { FilterSection } from '../features/product/components/filter-panel';
import { useCatalogOptions } from '../features/catalog/catalog-api';

/**
 * The listing's filter groups: Category and Brand, loaded from the catalogue. The shop's
 * listing offers only the options some product carries (`inUse`); the admin's list offers them all.
 */
export function useFilterSections({ inUse }: { inUse: boolean }): FilterSection[] {
  const { brands, categories } = useCatalogOptions(inUse);
  return useMemo(() => filterSections(categories, brands), [brands, categories]);
}

/** The filter groups for these options; the server's first paint of `/` draws them too. */
export function filterSections(categories: readonly Option[], brands: readonly Option[]): FilterSection[] {
  return [
    { id: 'category', name: 'Category', options: categories },
    { id: 'brand', name: 'Brand', options: brands },
  ];
}
