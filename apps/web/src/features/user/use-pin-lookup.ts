import { useCallback, useEffect, useRef, useState } from 'react';
import { normalisePin, PIN_MESSAGE, PIN_RE, type PincodeAnswer } from '@shop/shared/pin';
import { errorText } from '../../lib/error-text';
import { useLazyLookUpPinQuery } from './user-api';

interface Looked {
  pin: string;
  /** The server's refusal (`PIN code 123456 does not exist`); null when it answered or could not be asked. */
  problem: string | null;
  answer?: PincodeAnswer;
}

export interface PinLookup {
  /** What is wrong with the PIN typed, as the server says it. */
  problem: string | null;
  /** The PIN is real but the shop does not deliver there. */
  note: string | null;
  /** The problem with `pin`, asked if not known yet; null when it is fine or the server cannot be reached. */
  check: (pin: string) => Promise<string | null>;
}

/**
 * Looks up each complete PIN typed and hands its place to `onPlace` (the form fills City and State). A
 * server that cannot be reached blocks nothing: the checkout checks the PIN again.
 */
export function usePinLookup(typed: string | undefined, onPlace: (answer: PincodeAnswer) => void): PinLookup {
  const [lookUp] = useLazyLookUpPinQuery();
  const [looked, setLooked] = useState<Looked | null>(null);
  const pin = normalisePin(typed ?? '');
  const placeRef = useRef(onPlace);
  useEffect(() => {
    placeRef.current = onPlace;
  });

  const ask = useCallback(
    async (p: string): Promise<Looked> => {
      const reply = await lookUp(p, true);
      if (reply.data) return { pin: p, problem: null, answer: reply.data };
      const status = reply.error && 'status' in reply.error ? reply.error.status : 0;
      const message = errorText(reply.error);
      // A refusal names the PIN; a server without the lookup (a bare 404) refuses nothing.
      return { pin: p, problem: (status === 400 || status === 404) && message.includes(p) ? message : null };
    },
    [lookUp],
  );

  useEffect(() => {
    if (!PIN_RE.test(pin)) return;
    let live = true;
    void ask(pin).then((found) => {
      if (!live) return;
      setLooked(found);
      if (found.answer) placeRef.current(found.answer);
    });
    return () => {
      live = false;
    };
  }, [pin, ask]);

  const current = looked?.pin === pin ? looked : null;
  return {
    problem: current?.problem ?? null,
    note: current?.answer && !current.answer.deliverable ? `We do not deliver to ${pin} yet` : null,
    check: async (value) => {
      const p = normalisePin(value);
      if (p === '') return null;
      if (!PIN_RE.test(p)) return PIN_MESSAGE;
      return (await ask(p)).problem;
    },
  };
}
