import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { GuestCartBody } from '@shop/shared/cart';
import { GUEST_CART_MAX_LINES } from '@shop/shared/constants';
import { rootReducer } from '../../lib/store';

export type GuestLine = GuestCartBody['items'][number];

/** A visitor's bag, kept on this device until they sign in (decision 031). */
export interface GuestCartState {
  lines: GuestLine[];
  /** The key of this bag's join to an account, kept until the bag changes: a join whose reply was lost adds nothing twice. */
  mergeKey: string | null;
  /** The last try to join the bag to the account failed: the lines stay, and the account's cart shows. */
  mergeFailed: boolean;
}

const STORAGE_KEY = 'shop.bag';

type StoredBag = Pick<GuestCartState, 'lines' | 'mergeKey'>;
const NO_BAG: StoredBag = { lines: [], mergeKey: null };

// The shape only: the app shell runs this on every first visit, so it leaves zod out; the server checks the rest.
const isLine = (l: unknown): l is GuestLine => {
  const { product, quantity, color, size } = (l ?? {}) as Partial<GuestLine>;
  return (
    Number.isSafeInteger(product) &&
    product! > 0 &&
    Number.isSafeInteger(quantity) &&
    quantity! > 0 &&
    typeof color === 'string' &&
    /^#[0-9a-f]{6}$/i.test(color) &&
    typeof size === 'number' &&
    size > 0
  );
};

/** The bag this device kept, if it is still a bag the server would take; nothing on the server's first paint. */
export function storedBag(raw: string | null = readStorage()): StoredBag {
  if (!raw) return NO_BAG;
  try {
    const { lines, mergeKey } = JSON.parse(raw) as Partial<StoredBag>;
    if (!Array.isArray(lines) || lines.length > GUEST_CART_MAX_LINES || !lines.every(isLine)) return NO_BAG;
    return { lines, mergeKey: typeof mergeKey === 'string' ? mergeKey : null };
  } catch {
    return NO_BAG;
  }
}

function readStorage(): string | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Keeps the bag for the next visit; a browser that refuses storage (private mode, full) keeps it for this tab. */
export function storeBag({ lines, mergeKey }: StoredBag): void {
  try {
    if (lines.length === 0) window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, JSON.stringify({ lines, mergeKey }));
  } catch {
    // Kept in memory only.
  }
}

export const isStorageEventForBag = (e: StorageEvent) => e.key === STORAGE_KEY || e.key === null;

export const sameLine = (
  a: Pick<GuestLine, 'product' | 'color' | 'size'>,
  b: Pick<GuestLine, 'product' | 'color' | 'size'>,
) => a.product === b.product && a.color.toLowerCase() === b.color.toLowerCase() && a.size === b.size;

export const guestCartSlice = createSlice({
  name: 'guestCart',
  initialState: (): GuestCartState => ({ ...storedBag(), mergeFailed: false }),
  reducers: {
    lineAdded: (s, a: PayloadAction<GuestLine>) => {
      s.lines.push(a.payload);
      s.mergeKey = null;
    },
    quantitySet: (s, a: PayloadAction<{ line: Omit<GuestLine, 'quantity'>; quantity: number }>) => {
      const line = s.lines.find((l) => sameLine(l, a.payload.line));
      if (line) line.quantity = a.payload.quantity;
      s.mergeKey = null;
    },
    lineRemoved: (s, a: PayloadAction<Omit<GuestLine, 'quantity'>>) => {
      s.lines = s.lines.filter((l) => !sameLine(l, a.payload));
      s.mergeKey = null;
    },
    /** What the server kept of the bag. */
    linesReplaced: (s, a: PayloadAction<GuestLine[]>) => {
      s.lines = a.payload;
      s.mergeKey = null;
    },
    /** The bag another tab saved. */
    bagLoaded: (s, a: PayloadAction<StoredBag>) => {
      s.lines = a.payload.lines;
      s.mergeKey = a.payload.mergeKey;
    },
    mergeStarted: (s, a: PayloadAction<string>) => {
      s.mergeKey = a.payload;
    },
    merged: (s) => {
      s.lines = [];
      s.mergeKey = null;
      s.mergeFailed = false;
    },
    mergeFailed: (s) => {
      s.mergeFailed = true;
    },
  },
  selectors: {
    selectGuestLines: (s) => s.lines,
    selectMergeKey: (s) => s.mergeKey,
    selectMergeFailed: (s) => s.mergeFailed,
  },
});

declare module '../../lib/store' {
  interface LazyLoadedSlices {
    guestCart: GuestCartState;
  }
}

export const {
  lineAdded,
  quantitySet,
  lineRemoved,
  linesReplaced,
  bagLoaded,
  mergeStarted,
  merged,
  mergeFailed,
} = guestCartSlice.actions;
export const { selectGuestLines, selectMergeKey, selectMergeFailed } =
  guestCartSlice.injectInto(rootReducer).selectors;
