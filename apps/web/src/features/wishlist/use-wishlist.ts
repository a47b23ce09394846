import { useCallback, useEffect, useMemo, useState } from 'react';
import { toast } from 'react-toastify';
import type { Product } from '@shop/shared/product';
import type { WishlistItem } from '@shop/shared/reviews';
import { ASK_ONCE } from '../../lib/base-api';
import { errorText } from '../../lib/error-text';
import type { RootState } from '../../lib/store';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks';
import {
  isStorageEventForWishlist,
  selectGuestWishlist,
  storedWishlist,
  storeWishlist,
  unwished,
  wished,
  wishlistReplaced,
} from './guest-wishlist-slice';
import { useForgetProductMutation, useGetWishlistQuery, useKeepProductMutation, useMergeWishlistMutation } from './wishlist-api';

// Who is signed in is the auth slice's, read by its name in the store as lib/session-ended matches the
// logout by name: a feature imports no sibling (docs/style.md, Boundaries).
const selectSignedIn = (s: RootState) => (s as { auth?: { loggedInUserToken: unknown } }).auth?.loggedInUserToken != null;

export const useSignedIn = () => useAppSelector(selectSignedIn);

/** What a heart needs of a product to show it kept at once, before the server's list comes back. */
export type WishableProduct = Pick<Product, 'id' | 'title' | 'brand' | 'thumbnail' | 'price' | 'discountedPrice' | 'stock'> & { salePrice?: number | undefined };

export const wishlistItemOf = (p: WishableProduct): WishlistItem => ({
  productId: p.id,
  addedAt: new Date().toISOString(),
  title: p.title,
  brand: p.brand,
  thumbnail: p.thumbnail,
  price: p.price,
  discountedPrice: p.discountedPrice,
  ...(p.salePrice !== undefined && { salePrice: p.salePrice }),
  stock: p.stock,
  deleted: false,
});

// One join at a time for the whole app, whichever heart or page started it.
let joining = false;

/**
 * The wishlist wherever it lives: on the server for a signed-in shopper, on this device for a visitor, whose
 * list joins the account's once they sign in (and is then forgotten here).
 */
export function useWishlist(options: { fresh?: boolean } = {}) {
  const signedIn = useSignedIn();
  const dispatch = useAppDispatch();
  const guestIds = useAppSelector(selectGuestWishlist);
  const server = useGetWishlistQuery(undefined, { skip: !signedIn, ...(options.fresh ? {} : ASK_ONCE) });
  const [keep] = useKeepProductMutation();
  const [forget] = useForgetProductMutation();
  const [merge] = useMergeWishlistMutation();
  const [joinFailed, setJoinFailed] = useState(false);

  useEffect(() => storeWishlist(guestIds), [guestIds]);

  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (isStorageEventForWishlist(e)) dispatch(wishlistReplaced(storedWishlist(e.newValue)));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [dispatch]);

  useEffect(() => {
    if (!signedIn || guestIds.length === 0 || joining) return;
    joining = true;
    void merge(guestIds).then((result) => {
      joining = false;
      // A failed join keeps the list on this device for the next try.
      if (result.error) setJoinFailed(true);
      else dispatch(wishlistReplaced([]));
    });
  }, [signedIn, guestIds, merge, dispatch]);

  const keptIds = useMemo(
    () => new Set(signedIn ? (server.data?.items.map((i) => i.productId) ?? []) : guestIds),
    [signedIn, server.data, guestIds],
  );

  const toggle = useCallback(
    async (product: WishableProduct) => {
      const kept = keptIds.has(product.id);
      if (!signedIn) {
        dispatch(kept ? unwished(product.id) : wished(product.id));
        return;
      }
      const result = kept ? await forget(product.id) : await keep(wishlistItemOf(product));
      if (result.error) toast.error(errorText(result.error));
    },
    [keptIds, signedIn, dispatch, keep, forget],
  );

  return {
    signedIn,
    keptIds,
    /** The server's list (signed in); undefined while it loads or for a visitor. */
    items: signedIn ? server.data?.items : undefined,
    guestIds,
    // Until the device's list has joined the account's, the account's alone is not the whole list.
    loading: signedIn && (server.isLoading || (guestIds.length > 0 && !joinFailed)),
    failed: signedIn && server.isError,
    toggle,
    remove: (id: number) => (signedIn ? void forget(id) : dispatch(unwished(id))),
  };
}
