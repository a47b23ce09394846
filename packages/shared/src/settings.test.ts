import { describe, expect, it } from 'vitest';
import { DEFAULT_BRAND } from './brand.ts';
import { DEFAULT_COD_SETTINGS, DEFAULT_DELIVERY_SETTINGS } from './delivery.ts';
import { DEFAULT_SHIPPING_SETTINGS } from './shipping-schemas.ts';
import { DEFAULT_RETURN_RULES } from './returns.ts';
import { INDIAN_STATES, indianStateOf, isIntraState, shopSettingsSchema } from './settings.ts';

const valid = {
  legalName: 'Saree Pari Retail LLP',
  address: '12 Linking Road, Bandra West, Mumbai 400050',
  state: 'Maharashtra',
  gstin: '27AAAAA0000A1Z2',
  grievanceName: 'Meera Iyer',
  grievanceEmail: 'grievance@sareepari.example',
  supportPhone: '+91 98200 12345',
  supportEmail: 'hello@sareepari.example',
  lowStockThreshold: 5,
  ...DEFAULT_BRAND,
  cod: DEFAULT_COD_SETTINGS,
  delivery: DEFAULT_DELIVERY_SETTINGS,
  shipping: DEFAULT_SHIPPING_SETTINGS,
  returns: DEFAULT_RETURN_RULES,
};
const firstMessage = (v: unknown) => {
  const r = shopSettingsSchema.safeParse(v);
  return r.success ? undefined : r.error.issues[0]?.message;
};

describe('shopSettingsSchema', () => {
  it('accepts a registered Maharashtra shop, and an unregistered one with no GSTIN', () => {
    expect(shopSettingsSchema.parse(valid)).toEqual(valid);
    expect(shopSettingsSchema.parse({ ...valid, gstin: '' }).gstin).toBe('');
  });

  it('upper-cases and trims a GSTIN typed in lower case', () => {
    expect(shopSettingsSchema.parse({ ...valid, gstin: ' 27aaaaa0000a1z2 ' }).gstin).toBe('27AAAAA0000A1Z2');
  });

  it('says what is wrong with a GSTIN: its length, its shape, its state code, its check character', () => {
    expect(firstMessage({ ...valid, gstin: '27AAAAA0000A1Z' })).toBe('A GSTIN has 15 characters');
    expect(firstMessage({ ...valid, gstin: '27AAAAA00000AZ2' })).toMatch(/^A GSTIN is a 2-digit state code/);
    expect(firstMessage({ ...valid, gstin: '29AAAAA0000A1ZY' })).toBe(
      'A GSTIN of Maharashtra starts with 27',
    );
    expect(firstMessage({ ...valid, gstin: '27AAAAA0000A1Z3' })).toBe(
      'The GSTIN’s check character does not match: please look for a typo',
    );
  });

  it('takes a GSTIN of the state chosen: a Karnataka number for a Karnataka shop', () => {
    expect(firstMessage({ ...valid, state: 'Karnataka', gstin: '29AAAAA0000A1ZY' })).toBeUndefined();
  });

  it('refuses a state that is not one of the 36 states and union territories', () => {
    expect(firstMessage({ ...valid, state: 'Bombay' })).toBe('Choose a state or union territory');
    expect(INDIAN_STATES).toHaveLength(36);
  });

  it('refuses a negative or fractional low-stock threshold, and reads one typed as text', () => {
    expect(firstMessage({ ...valid, lowStockThreshold: -1 })).toBe('Low-stock threshold cannot be negative');
    expect(firstMessage({ ...valid, lowStockThreshold: 2.5 })).toBe(
      'Low-stock threshold must be a whole number',
    );
    expect(firstMessage({ ...valid, lowStockThreshold: '' })).toBe('Low-stock threshold is required');
    expect(shopSettingsSchema.parse({ ...valid, lowStockThreshold: '8' }).lowStockThreshold).toBe(8);
  });

  it('requires every contact, with a message per field', () => {
    expect(firstMessage({ ...valid, legalName: '  ' })).toBe('Legal name is required');
    expect(firstMessage({ ...valid, grievanceName: '' })).toBe('Grievance officer name is required');
    expect(firstMessage({ ...valid, grievanceEmail: 'nobody' })).toBe('Invalid email');
    expect(firstMessage({ ...valid, supportPhone: 'call us' })).toBe('Invalid phone');
  });
});

describe('the state of a delivery address', () => {
  it('is found whatever the case, with & for and, and under its old names', () => {
    expect(indianStateOf(' tamil  nadu ')).toBe('Tamil Nadu');
    expect(indianStateOf('Jammu & Kashmir')).toBe('Jammu and Kashmir');
    expect(indianStateOf('Orissa')).toBe('Odisha');
    expect(indianStateOf('New Delhi')).toBe('Delhi');
    expect(indianStateOf('Atlantis')).toBeUndefined();
  });

  it('is intra-state only when it names the seller’s own state', () => {
    expect(isIntraState('Maharashtra', 'maharashtra')).toBe(true);
    expect(isIntraState('Maharashtra', 'Karnataka')).toBe(false);
    expect(isIntraState('Maharashtra', 'Somewhere')).toBe(false);
  });
});
