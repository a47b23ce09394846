import type { Option } from '@shop/shared/catalog';
import { api } from '../../lib/api-client';

/** A new brand or category has label and value both set to the entered name. */
const option = (name: string) => ({ label: name.trim(), value: name.trim() });

export const catalogApi = {
  /** `inUse`: only the options some live product carries (the shopper's filters). */
  brands: (inUse = false) => api<Option[]>(inUse ? '/brands?inUse=true' : '/brands'),
  categories: (inUse = false) => api<Option[]>(inUse ? '/category?inUse=true' : '/category'),
  createBrand: (name: string) => api<Option>('/brands/', { method: 'POST', body: option(name) }),
  createCategory: (name: string) => api<Option>('/category', { method: 'POST', body: option(name) }),
};
