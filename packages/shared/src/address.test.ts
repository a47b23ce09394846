import { describe, expect, it } from 'vitest';
import { addressSchema } from './address.ts';

const mumbai = {
  name: 'Asha Rao',
  email: 'asha@example.com',
  phone: '+919820012345',
  street: '12 Linking Road',
  city: 'Mumbai',
  state: 'Maharashtra',
  pinCode: '400050',
};
const messages = (v: object) => addressSchema.safeParse(v).error?.issues.map((i) => [i.path.join('.'), i.message]);

describe('an address with a GSTIN', () => {
  it('takes a Maharashtra GSTIN for a Maharashtra address, trimmed and upper-cased, with the business name', () => {
    expect(addressSchema.parse({ ...mumbai, gstin: ' 27aapfu0939f1zv ', businessName: ' Rao Textiles LLP ' })).toEqual({
      ...mumbai,
      gstin: '27AAPFU0939F1ZV',
      businessName: 'Rao Textiles LLP',
    });
  });

  it('leaves out an empty GSTIN and business name, so a shopper’s address is as before', () => {
    const parsed = addressSchema.parse({ ...mumbai, gstin: '  ', businessName: '' });
    expect(parsed).toEqual(mumbai);
    expect('gstin' in JSON.parse(JSON.stringify(parsed))).toBe(false);
  });

  it('refuses a GSTIN whose check character is wrong', () => {
    expect(messages({ ...mumbai, gstin: '27AAPFU0939F1ZW' })).toEqual([
      ['gstin', 'The GSTIN’s check character does not match: please look for a typo'],
    ]);
  });

  it('refuses a GSTIN of another state than the delivery state, naming both', () => {
    expect(messages({ ...mumbai, gstin: '29AAAAA0000A1ZY' })).toEqual([
      ['gstin', 'This GSTIN is registered in Karnataka: for a delivery in Maharashtra it starts with 27'],
    ]);
    expect(messages({ ...mumbai, state: 'karnataka', gstin: '29AAAAA0000A1ZY' })).toBeUndefined();
  });

  it('asks for a state it knows when the typed state cannot be matched to the GSTIN', () => {
    expect(messages({ ...mumbai, state: 'Atlantis', gstin: '27AAPFU0939F1ZV' })).toEqual([
      ['gstin', '“Atlantis” is not a state we know: write the delivery state in full to add a GSTIN'],
    ]);
  });

  it('says what is wrong with a GSTIN’s length and shape as the shop settings do', () => {
    expect(messages({ ...mumbai, gstin: '27AAPFU0939F1Z' })?.[0]).toEqual(['gstin', 'A GSTIN has 15 characters']);
    expect(messages({ ...mumbai, gstin: '27AAPFU09391FZV' })?.[0]?.[1]).toMatch(/^A GSTIN is a 2-digit state code/);
    expect(messages({ ...mumbai, gstin: 27 })).toEqual([['gstin', 'Invalid GSTIN']]);
  });
});
