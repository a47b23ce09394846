import { createSlice, isAnyOf } from '@reduxjs/toolkit';
import type { Product, ProductBody, ProductPatch } from '@shop/shared/product';
import { apiThunk, rejectionMessage } from '../../lib/thunk';
import { productApi, type ProductQuery } from './product-api';

export interface ProductState {
  products: Product[];
  /** The listing's total across pages. */
  totalItems: number;
  status: 'idle' | 'loading';
  selectedProduct: Product | null;
  error: string | null;
  /** The list request whose answer may land: an older, slower answer never overwrites a newer one. */
  listRequestId: string | null;
}

const initialState: ProductState = {
  products: [],
  totalItems: 0,
  status: 'idle',
  selectedProduct: null,
  error: null,
  listRequestId: null,
};

/** GET /products with the filter groups repeated; `admin` true only on the admin list. */
export const fetchProductsByFilters = apiThunk(
  'product/fetchProductsByFilters',
  (query: ProductQuery, signal) => productApi.list(query, signal),
);

export const fetchProductById = apiThunk('product/fetchProductById', (id: number | string) =>
  productApi.get(id),
);

export const createProduct = apiThunk('product/createProduct', (body: ProductBody) =>
  productApi.create(body),
);

/** PATCH /products/:id with any subset of fields; `{ id, deleted: true }` soft-deletes. */
export const updateProduct = apiThunk(
  'product/updateProduct',
  ({ id, ...patch }: ProductPatch & { id: number }) => productApi.update(id, patch),
);

/** Deleting sets deleted to true; the product stays in the list (docs/product.md, State). */
export const deleteProduct = (id: number) => updateProduct({ id, deleted: true });

export const productSlice = createSlice({
  name: 'product',
  initialState,
  reducers: {
    clearSelectedProduct: (s) => {
      s.selectedProduct = null;
    },
    productErrorReset: (s) => {
      s.error = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchProductsByFilters.pending, (s, a) => {
        s.listRequestId = a.meta.requestId;
      })
      .addCase(fetchProductsByFilters.fulfilled, (s, a) => {
        if (a.meta.requestId !== s.listRequestId) return;
        s.products = a.payload.products;
        s.totalItems = a.payload.totalProducts;
      })
      .addCase(fetchProductsByFilters.rejected, (s, a) => {
        // An aborted request was superseded (or its page left): not an error to show.
        if (a.meta.aborted || a.meta.requestId !== s.listRequestId) return;
        s.error = rejectionMessage(a);
      })
      .addCase(fetchProductById.pending, (s) => {
        s.selectedProduct = null;
      })
      .addCase(fetchProductById.fulfilled, (s, a) => {
        s.selectedProduct = a.payload;
      })
      .addCase(createProduct.fulfilled, (s, a) => {
        s.products.push(a.payload);
        s.totalItems += 1;
      })
      .addCase(updateProduct.fulfilled, (s, a) => {
        const i = s.products.findIndex((p) => p.id === a.payload.id);
        if (i >= 0) s.products[i] = a.payload;
        if (s.selectedProduct?.id === a.payload.id) s.selectedProduct = a.payload;
      })
      // docs/product.md, State: every data area is loading while a request runs and idle when it ends.
      .addMatcher(
        isAnyOf(
          fetchProductsByFilters.pending,
          fetchProductById.pending,
          createProduct.pending,
          updateProduct.pending,
        ),
        (s) => {
          s.status = 'loading';
          s.error = null;
        },
      )
      .addMatcher(
        isAnyOf(
          fetchProductsByFilters.fulfilled,
          fetchProductsByFilters.rejected,
          fetchProductById.fulfilled,
          fetchProductById.rejected,
          createProduct.fulfilled,
          createProduct.rejected,
          updateProduct.fulfilled,
          updateProduct.rejected,
        ),
        (s, a) => {
          if (fetchProductsByFilters.fulfilled.match(a) || fetchProductsByFilters.rejected.match(a)) {
            if (a.meta.requestId !== s.listRequestId) return;
          }
          s.status = 'idle';
        },
      )
      .addMatcher(
        isAnyOf(fetchProductById.rejected, createProduct.rejected, updateProduct.rejected),
        (s, a) => {
          s.error = rejectionMessage(a);
        },
      );
  },
});

export const { clearSelectedProduct, productErrorReset } = productSlice.actions;

type WithProduct = { product: ProductState };
export const selectAllProducts = (s: WithProduct) => s.product.products;
export const selectTotalItems = (s: WithProduct) => s.product.totalItems;
export const selectProductListStatus = (s: WithProduct) => s.product.status;
export const selectSelectedProduct = (s: WithProduct) => s.product.selectedProduct;
export const selectProductError = (s: WithProduct) => s.product.error;
export const selectProductById = (id: number) => (s: WithProduct) =>
  s.product.products.find((p) => p.id === id) ?? null;
