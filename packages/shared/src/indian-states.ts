/** A GSTIN opens with its state's code. Dadra and Nagar Haveli and Daman and Diu kept both old codes. */
export const INDIAN_STATES = [
  { name: 'Andaman and Nicobar Islands', codes: ['35'] },
  { name: 'Andhra Pradesh', codes: ['37'] },
  { name: 'Arunachal Pradesh', codes: ['12'] },
  { name: 'Assam', codes: ['18'] },
  { name: 'Bihar', codes: ['10'] },
  { name: 'Chandigarh', codes: ['04'] },
  { name: 'Chhattisgarh', codes: ['22'] },
  { name: 'Dadra and Nagar Haveli and Daman and Diu', codes: ['26', '25'] },
  { name: 'Delhi', codes: ['07'] },
  { name: 'Goa', codes: ['30'] },
  { name: 'Gujarat', codes: ['24'] },
  { name: 'Haryana', codes: ['06'] },
  { name: 'Himachal Pradesh', codes: ['02'] },
  { name: 'Jammu and Kashmir', codes: ['01'] },
  { name: 'Jharkhand', codes: ['20'] },
  { name: 'Karnataka', codes: ['29'] },
  { name: 'Kerala', codes: ['32'] },
  { name: 'Ladakh', codes: ['38'] },
  { name: 'Lakshadweep', codes: ['31'] },
  { name: 'Madhya Pradesh', codes: ['23'] },
  { name: 'Maharashtra', codes: ['27'] },
  { name: 'Manipur', codes: ['14'] },
  { name: 'Meghalaya', codes: ['17'] },
  { name: 'Mizoram', codes: ['15'] },
  { name: 'Nagaland', codes: ['13'] },
  { name: 'Odisha', codes: ['21'] },
  { name: 'Puducherry', codes: ['34'] },
  { name: 'Punjab', codes: ['03'] },
  { name: 'Rajasthan', codes: ['08'] },
  { name: 'Sikkim', codes: ['11'] },
  { name: 'Tamil Nadu', codes: ['33'] },
  { name: 'Telangana', codes: ['36'] },
  { name: 'Tripura', codes: ['16'] },
  { name: 'Uttar Pradesh', codes: ['09'] },
  { name: 'Uttarakhand', codes: ['05'] },
  { name: 'West Bengal', codes: ['19'] },
] as const satisfies readonly { name: string; codes: readonly string[] }[];

type IndianState = (typeof INDIAN_STATES)[number]['name'];
export const STATE_NAMES = INDIAN_STATES.map((s) => s.name) as [IndianState, ...IndianState[]];

const STATE_ALIASES: Record<string, IndianState> = {
  orissa: 'Odisha',
  pondicherry: 'Puducherry',
  'new delhi': 'Delhi',
  'nct of delhi': 'Delhi',
  'national capital territory of delhi': 'Delhi',
  uttaranchal: 'Uttarakhand',
  'andaman and nicobar': 'Andaman and Nicobar Islands',
  'daman and diu': 'Dadra and Nagar Haveli and Daman and Diu',
  'dadra and nagar haveli': 'Dadra and Nagar Haveli and Daman and Diu',
  'j and k': 'Jammu and Kashmir',
  jammu: 'Jammu and Kashmir',
  'a and n islands': 'Andaman and Nicobar Islands',
  uttrakhand: 'Uttarakhand',
  chattisgarh: 'Chhattisgarh',
  chhatisgarh: 'Chhattisgarh',
  telengana: 'Telangana',
  pondy: 'Puducherry',
  bengal: 'West Bengal',
  ...Object.fromEntries(
    (
      [
        ['AP', 'Andhra Pradesh'],
        ['AR', 'Arunachal Pradesh'],
        ['AS', 'Assam'],
        ['BR', 'Bihar'],
        ['CG', 'Chhattisgarh'],
        ['GA', 'Goa'],
        ['GJ', 'Gujarat'],
        ['HR', 'Haryana'],
        ['HP', 'Himachal Pradesh'],
        ['JH', 'Jharkhand'],
        ['KA', 'Karnataka'],
        ['KL', 'Kerala'],
        ['MP', 'Madhya Pradesh'],
        ['MH', 'Maharashtra'],
        ['MN', 'Manipur'],
        ['ML', 'Meghalaya'],
        ['MZ', 'Mizoram'],
        ['NL', 'Nagaland'],
        ['OD', 'Odisha'],
        ['PB', 'Punjab'],
        ['RJ', 'Rajasthan'],
        ['SK', 'Sikkim'],
        ['TN', 'Tamil Nadu'],
        ['TS', 'Telangana'],
        ['TG', 'Telangana'],
        ['TR', 'Tripura'],
        ['UP', 'Uttar Pradesh'],
        ['UK', 'Uttarakhand'],
        ['WB', 'West Bengal'],
        ['AN', 'Andaman and Nicobar Islands'],
        ['CH', 'Chandigarh'],
        ['DL', 'Delhi'],
        ['JK', 'Jammu and Kashmir'],
        ['LA', 'Ladakh'],
        ['LD', 'Lakshadweep'],
        ['PY', 'Puducherry'],
      ] as const
    ).map(([code, name]) => [code, name]),
  ),
};

const normalise = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/^\s*(the\s+)?(state|ut|union\s+territory)\s+of\s+/, '')
    .replace(/[^a-z]/g, '');
const BY_NAME = new Map<string, IndianState>([
  ...STATE_NAMES.map((n) => [normalise(n), n] as const),
  ...Object.entries(STATE_ALIASES).map(([alias, n]) => [normalise(alias), n] as const),
]);

export function indianStateOf(text: string): IndianState | undefined {
  return BY_NAME.get(normalise(text));
}

export function gstStateCodes(state: IndianState): readonly string[] {
  return INDIAN_STATES.find((s) => s.name === state)?.codes ?? [];
}

/** The delivery address's state is free text, so it is matched by name, spelling variants included. */
export function isIntraState(sellerState: string, deliveryState: string): boolean {
  const seller = indianStateOf(sellerState);
  return seller !== undefined && seller === indianStateOf(deliveryState);
}
