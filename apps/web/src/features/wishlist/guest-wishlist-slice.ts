import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { WISHLIST_MAX_ITEMS } from '@shop/shared/reviews';
import { rootReducer } from '../../lib/store';

/** A visitor's wishlist, kept on this device until they sign in (as the bag is, decision 031): product ids, newest first. */
export interface GuestWishlistState {
  ids: number[];
}

const STORAGE_KEY = 'shop.wishlist';

/** The list this device kept, if it is still one the server would take. */
export function storedWishlist(raw: string | null = readStorage()): number[] {
  if (!raw) return [];
  try {
    const ids = JSON.parse(raw) as unknown;
    if (!Array.isArray(ids) || ids.length > WISHLIST_MAX_ITEMS || !ids.every((id) => Number.isSafeInteger(id) && (id as number) > 0)) return [];
    return ids as number[];
  } catch {
    return [];
  }
}

function readStorage(): string | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** A browser that refuses storage (private mode, full) keeps the list for this tab. */
export function storeWishlist(ids: readonly number[]): void {
  try {
    if (ids.length === 0) window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, JSON.stringify(ids));
  } catch {
    // Kept in memory only.
  }
}

export const isStorageEventForWishlist = (e: StorageEvent) => e.key === STORAGE_KEY || e.key === null;

export const guestWishlistSlice = createSlice({
  name: 'guestWishlist',
  initialState: (): GuestWishlistState => ({ ids: storedWishlist() }),
  reducers: {
    wished: (s, a: PayloadAction<number>) => {
      if (s.ids.includes(a.payload) || s.ids.length >= WISHLIST_MAX_ITEMS) return;
      s.ids.unshift(a.payload);
    },
    unwished: (s, a: PayloadAction<number>) => {
      s.ids = s.ids.filter((id) => id !== a.payload);
    },
    /** Joined to the account, or saved by another tab. */
    wishlistReplaced: (s, a: PayloadAction<number[]>) => {
      s.ids = a.payload;
    },
  },
  selectors: {
    selectGuestWishlist: (s) => s.ids,
  },
});

declare module '../../lib/store' {
  interface LazyLoadedSlices {
    guestWishlist: GuestWishlistState;
  }
}

export const { wished, unwished, wishlistReplaced } = guestWishlistSlice.actions;
export const { selectGuestWishlist } = guestWishlistSlice.injectInto(rootReducer).selectors;
