import { describe, expect, it } from 'vitest';
import { anAddress } from '../../test/commerce-fixtures';
import { defaultAddressIndex } from './default-address';

const home = anAddress();
const office = anAddress({ name: 'Meera Iyer', street: '4 Nariman Point', pinCode: '400021' });
const mother = anAddress({ name: 'Lakshmi Iyer', street: '9 Mylapore Tank St', city: 'Chennai' });

describe('the address checkout starts with', () => {
  it('is the one the last order went to', () => {
    expect(defaultAddressIndex([home, office, mother], office)).toBe(1);
    expect(defaultAddressIndex([home, office, mother], { ...mother, city: ' Chennai ' })).toBe(2);
  });

  it('is the only saved one when the last order went elsewhere, or there is none', () => {
    expect(defaultAddressIndex([home], office)).toBe(0);
    expect(defaultAddressIndex([home], null)).toBe(0);
    expect(defaultAddressIndex([home], undefined)).toBe(0);
  });

  it('is none of several when the last order went to none of them or is not known', () => {
    expect(defaultAddressIndex([home, office], mother)).toBeNull();
    expect(defaultAddressIndex([home, office], null)).toBeNull();
    expect(defaultAddressIndex([home, office], undefined)).toBeNull();
    expect(defaultAddressIndex([], home)).toBeNull();
  });
});
