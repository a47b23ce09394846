import { gstStateCodes, indianStateOf } from './settings.ts';

// A B2C sale's place of supply is where the goods are delivered (IGST Act s.10(1)(a)), matched like
// the checkout's tax breakup so the invoice says what checkout said.

export interface PlaceOfSupply {
  state: string;
  /** null when the typed state is not one of India's: then it is IGST. */
  code: string | null;
}

export function placeOfSupply(typedState: string): PlaceOfSupply {
  const found = indianStateOf(typedState);
  return found ? { state: found, code: gstStateCodes(found)[0] ?? null } : { state: typedState.trim(), code: null };
}
