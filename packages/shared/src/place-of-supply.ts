// The place of supply of a B2C sale of goods is where they are delivered (IGST Act s.10(1)(a)):
// the delivery address's state, a free-text field on SPEC §5's address form.

/** India's 28 states and 8 union territories with their GST state codes (GSTIN's first two digits). */
export const GST_STATES: readonly { name: string; code: string }[] = [
  { name: 'Jammu and Kashmir', code: '01' },
  { name: 'Himachal Pradesh', code: '02' },
  { name: 'Punjab', code: '03' },
  { name: 'Chandigarh', code: '04' },
  { name: 'Uttarakhand', code: '05' },
  { name: 'Haryana', code: '06' },
  { name: 'Delhi', code: '07' },
  { name: 'Rajasthan', code: '08' },
  { name: 'Uttar Pradesh', code: '09' },
  { name: 'Bihar', code: '10' },
  { name: 'Sikkim', code: '11' },
  { name: 'Arunachal Pradesh', code: '12' },
  { name: 'Nagaland', code: '13' },
  { name: 'Manipur', code: '14' },
  { name: 'Mizoram', code: '15' },
  { name: 'Tripura', code: '16' },
  { name: 'Meghalaya', code: '17' },
  { name: 'Assam', code: '18' },
  { name: 'West Bengal', code: '19' },
  { name: 'Jharkhand', code: '20' },
  { name: 'Odisha', code: '21' },
  { name: 'Chhattisgarh', code: '22' },
  { name: 'Madhya Pradesh', code: '23' },
  { name: 'Gujarat', code: '24' },
  // 25 (Daman and Diu) merged into 26 in 2020.
  { name: 'Dadra and Nagar Haveli and Daman and Diu', code: '26' },
  { name: 'Maharashtra', code: '27' },
  { name: 'Karnataka', code: '29' },
  { name: 'Goa', code: '30' },
  { name: 'Lakshadweep', code: '31' },
  { name: 'Kerala', code: '32' },
  { name: 'Tamil Nadu', code: '33' },
  { name: 'Puducherry', code: '34' },
  { name: 'Andaman and Nicobar Islands', code: '35' },
  { name: 'Telangana', code: '36' },
  { name: 'Andhra Pradesh', code: '37' },
  { name: 'Ladakh', code: '38' },
];

/** Old names, short forms and the vehicle-registration codes shoppers type, by state code. */
const ALIASES: Record<string, string[]> = {
  '01': ['J&K', 'JK', 'Jammu', 'Kashmir', 'Jammu Kashmir'],
  '02': ['HP'],
  '03': ['PB'],
  '04': ['CH'],
  '05': ['Uttaranchal', 'Uttrakhand', 'UK', 'UA'],
  '06': ['HR'],
  '07': ['New Delhi', 'NCT of Delhi', 'National Capital Territory of Delhi', 'Delhi NCR', 'DL'],
  '08': ['RJ'],
  '09': ['UP'],
  '10': ['BR'],
  '11': ['SK'],
  '12': ['AR'],
  '13': ['NL'],
  '14': ['MN'],
  '15': ['MZ'],
  '16': ['TR'],
  '17': ['ML'],
  '18': ['AS'],
  '19': ['WB', 'Bengal', 'Paschim Banga'],
  '20': ['JH'],
  '21': ['Orissa', 'OD', 'OR'],
  '22': ['Chattisgarh', 'Chhatisgarh', 'Chhattisgadh', 'CG', 'CT'],
  '23': ['MP'],
  '24': ['GJ'],
  '26': ['Daman and Diu', 'Dadra and Nagar Haveli', 'Daman', 'Diu', 'Silvassa', 'DD', 'DN', 'DH'],
  '27': ['MH'],
  '29': ['KA', 'Karnatak'],
  '30': ['GA'],
  '31': ['LD'],
  '32': ['KL', 'Keralam'],
  '33': ['TN', 'Tamilnadu'],
  '34': ['Pondicherry', 'Pondy', 'PY'],
  '35': ['Andaman and Nicobar', 'Andaman', 'Nicobar', 'A&N', 'AN', 'A&N Islands'],
  '36': ['TS', 'TG', 'Telengana'],
  '37': ['AP'],
  '38': ['LA'],
};

/** Letters only, "&" read as "and", a leading "State of" / "UT of" and a trailing "State" dropped. */
function key(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/^\s*(the\s+)?(state|ut|union\s+territory)\s+of\s+/, '')
    .replace(/\s+(state|ut)\s*$/, '')
    .replace(/[^a-z]/g, '');
}

const BY_KEY = new Map<string, { name: string; code: string }>();
for (const s of GST_STATES) {
  BY_KEY.set(key(s.name), s);
  for (const alias of ALIASES[s.code] ?? []) BY_KEY.set(key(alias), s);
}

/** The state or union territory a typed state names, case-insensitively and with common spellings; undefined when none. */
export function matchState(typed: string): { name: string; code: string } | undefined {
  return BY_KEY.get(key(typed));
}

export interface PlaceOfSupply {
  /** The state's proper name, or the text as typed when it names none. */
  state: string;
  /** The GST state code; null when the typed state is not one of India's. */
  code: string | null;
}

/** The place of supply of a delivery to `typedState`. */
export function placeOfSupply(typedState: string): PlaceOfSupply {
  const found = matchState(typedState);
  return found ? { state: found.name, code: found.code } : { state: typedState.trim(), code: null };
}

/**
 * Whether a delivery is inside the shop's own state (CGST + SGST) or not (IGST). A typed state
 * that names no state is treated as another state: IGST.
 */
export function isWithinShopState(shopState: string, place: PlaceOfSupply): boolean {
  const shop = matchState(shopState);
  return !!shop && place.code === shop.code;
}
