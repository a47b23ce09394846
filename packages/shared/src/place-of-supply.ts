import { gstStateCodes, indianStateOf } from './settings.ts';

// IGST Act s.10(1)(a): where the goods are delivered, matched as the checkout's tax breakup matches it.

export interface PlaceOfSupply {
  state: string;
  /** null when the typed state is not one of India's: then it is IGST. */
  code: string | null;
}

export function placeOfSupply(typedState: string): PlaceOfSupply {
  const found = indianStateOf(typedState);
  return found ? { state: found, code: gstStateCodes(found)[0] ?? null } : { state: typedState.trim(), code: null };
}
