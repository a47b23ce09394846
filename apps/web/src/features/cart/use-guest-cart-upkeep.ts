import { useEffect, useRef } from 'react';
import { toast } from 'react-toastify';
import type { GuestCartChange, GuestCartReply } from '@shop/shared/cart';
import { bagLineChangedMessage, MESSAGES } from '@shop/shared/messages';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks';
import { useMergeCartMutation, useQuoteCartQuery } from './cart-api';
import {
  bagLoaded,
  isStorageEventForBag,
  linesReplaced,
  merged,
  mergeFailed,
  mergeStarted,
  selectGuestLines,
  selectMergeFailed,
  selectMergeKey,
  storeBag,
  storedBag,
} from './guest-cart-slice';

const tellChanges = (changes: readonly GuestCartChange[]) => {
  for (const c of changes) toast.info(bagLineChangedMessage(c.reason, c.title, c.kept, c.asked));
};

const keptLines = (reply: GuestCartReply) =>
  reply.items.map((i) => ({ product: i.product.id, color: i.color, size: i.size, quantity: i.quantity }));

/**
 * The visitor's bag over its life (decision 031), run once for the app: kept on this device and in step
 * with other tabs; trimmed to what the server can sell, saying what changed; joined to the account's cart
 * once someone signs in, saying what the stock capped.
 */
export function useGuestCartUpkeep(signedIn: boolean) {
  const dispatch = useAppDispatch();
  const lines = useAppSelector(selectGuestLines);
  const mergeKey = useAppSelector(selectMergeKey);
  const failed = useAppSelector(selectMergeFailed);
  const [mergeCart] = useMergeCartMutation();
  const joining = useRef(false);
  const { currentData: quote } = useQuoteCartQuery(lines, { skip: signedIn || lines.length === 0 });

  useEffect(() => storeBag({ lines, mergeKey }), [lines, mergeKey]);

  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (isStorageEventForBag(e)) dispatch(bagLoaded(storedBag(e.newValue)));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [dispatch]);

  useEffect(() => {
    if (!quote || quote.changes.length === 0) return;
    dispatch(linesReplaced(keptLines(quote)));
    tellChanges(quote.changes);
  }, [quote, dispatch]);

  useEffect(() => {
    if (!signedIn || lines.length === 0 || failed || joining.current) return;
    joining.current = true;
    const idempotencyKey = mergeKey ?? newIdempotencyKey();
    dispatch(mergeStarted(idempotencyKey));
    void mergeCart({ items: lines, idempotencyKey }).then((result) => {
      joining.current = false;
      if (result.error) {
        dispatch(mergeFailed());
        toast.error(MESSAGES.bagNotSaved);
        return;
      }
      dispatch(merged());
      if (result.data.changes.length > 0) tellChanges(result.data.changes);
      else toast.success(MESSAGES.bagSavedToAccount);
    });
  }, [signedIn, lines, mergeKey, failed, mergeCart, dispatch]);
}
