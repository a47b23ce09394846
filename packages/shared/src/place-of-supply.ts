import { gstStateCodes, indianStateOf } from './settings.ts';

// The place of supply of a B2C sale of goods is where they are delivered (IGST Act s.10(1)(a)):
// the delivery address's state, a free-text field on SPEC §5's address form, matched by
// indianStateOf (settings.ts) like the checkout's tax breakup, so the invoice says what checkout said.

export interface PlaceOfSupply {
  /** The state's proper name, or the text as typed when it names none. */
  state: string;
  /** The GST state code; null when the typed state is not one of India's: then it is IGST. */
  code: string | null;
}

/** The place of supply of a delivery to `typedState`. */
export function placeOfSupply(typedState: string): PlaceOfSupply {
  const found = indianStateOf(typedState);
  return found ? { state: found, code: gstStateCodes(found)[0] ?? null } : { state: typedState.trim(), code: null };
}
