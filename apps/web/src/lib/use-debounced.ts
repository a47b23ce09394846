import { useEffect, useState } from 'react';

/** `value` once unchanged for `ms`; an emptied value settles at once, so older typing is never asked after. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  if (!value && settled) setSettled(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
