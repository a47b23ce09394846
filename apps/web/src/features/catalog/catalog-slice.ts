import { createSlice, isAnyOf } from '@reduxjs/toolkit';
import type { Option } from '@shop/shared/catalog';
import { apiThunk, rejectionMessage } from '../../lib/thunk';
import { catalogApi } from './catalog-api';

export interface CatalogState {
  brands: Option[];
  categories: Option[];
  status: 'idle' | 'loading';
  error: string | null;
}

const initialState: CatalogState = { brands: [], categories: [], status: 'idle', error: null };

/** `true`: only the options a live product carries (the shopper's filters); the admin's lists take all. */
export const fetchBrands = apiThunk('catalog/fetchBrands', (inUse?: boolean) => catalogApi.brands(inUse));
export const fetchCategories = apiThunk('catalog/fetchCategories', (inUse?: boolean) =>
  catalogApi.categories(inUse),
);
/** Rejects with the server's message, e.g. a duplicate name (409). */
export const createBrand = apiThunk('catalog/createBrand', (name: string) => catalogApi.createBrand(name));
export const createCategory = apiThunk('catalog/createCategory', (name: string) =>
  catalogApi.createCategory(name),
);

export const catalogSlice = createSlice({
  name: 'catalog',
  initialState,
  reducers: {
    catalogErrorReset: (s) => {
      s.error = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchBrands.fulfilled, (s, a) => {
        s.brands = a.payload;
      })
      .addCase(fetchCategories.fulfilled, (s, a) => {
        s.categories = a.payload;
      })
      // docs/product.md, State: creating a brand or category appends it to the list.
      .addCase(createBrand.fulfilled, (s, a) => {
        s.brands.push(a.payload);
      })
      .addCase(createCategory.fulfilled, (s, a) => {
        s.categories.push(a.payload);
      })
      .addMatcher(
        isAnyOf(fetchBrands.pending, fetchCategories.pending, createBrand.pending, createCategory.pending),
        (s) => {
          s.status = 'loading';
          s.error = null;
        },
      )
      .addMatcher(
        isAnyOf(
          fetchBrands.fulfilled,
          fetchCategories.fulfilled,
          createBrand.fulfilled,
          createCategory.fulfilled,
        ),
        (s) => {
          s.status = 'idle';
        },
      )
      .addMatcher(
        isAnyOf(
          fetchBrands.rejected,
          fetchCategories.rejected,
          createBrand.rejected,
          createCategory.rejected,
        ),
        (s, a) => {
          s.status = 'idle';
          s.error = rejectionMessage(a);
        },
      );
  },
});

export const { catalogErrorReset } = catalogSlice.actions;

type WithCatalog = { catalog: CatalogState };
export const selectBrands = (s: WithCatalog) => s.catalog.brands;
export const selectCategories = (s: WithCatalog) => s.catalog.categories;
export const selectCatalogStatus = (s: WithCatalog) => s.catalog.status;
export const selectCatalogError = (s: WithCatalog) => s.catalog.error;
