import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountInWords,
  financialYear,
  FABRIC_RATE,
  GARMENT_RATE,
  gstRatePercent,
  isValidGstin,
  lineTax,
  taxClassOf,
} from './gst.ts';

describe('lineTax', () => {
  it('always splits a line into taxable value and tax that add up to its price, and halves that add up to the tax', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.integer({ min: 1, max: 50 }),
        fc.boolean(),
        fc.constantFrom(FABRIC_RATE, GARMENT_RATE),
        (unit, quantity, intraState, rule) => {
          const t = lineTax({ unitPricePaise: unit, quantity, rule, intraState });
          expect(t.taxablePaise + t.cgstPaise + t.sgstPaise + t.igstPaise).toBe(unit * quantity);
          if (intraState) {
            expect(t.igstPaise).toBe(0);
            expect(Math.abs(t.cgstPaise - t.sgstPaise)).toBeLessThanOrEqual(1);
          } else {
            expect(t.cgstPaise + t.sgstPaise).toBe(0);
          }
          // The taxable value is the inclusive price less the tax at the rate, to the paisa.
          expect(Math.abs(t.taxablePaise * (1 + t.ratePercent / 100) - unit * quantity)).toBeLessThanOrEqual(
            1,
          );
        },
      ),
    );
  });

  it('takes 5 % out of a ₹2,815 silk saree in the shop’s state as CGST and SGST, and as IGST elsewhere', () => {
    expect(lineTax({ unitPricePaise: 281_500, quantity: 1, rule: FABRIC_RATE, intraState: true })).toEqual({
      ratePercent: 5,
      amountPaise: 281_500,
      taxablePaise: 268_095,
      cgstPaise: 6702,
      sgstPaise: 6703,
      igstPaise: 0,
    });
    expect(
      lineTax({ unitPricePaise: 281_500, quantity: 1, rule: FABRIC_RATE, intraState: false }),
    ).toMatchObject({ taxablePaise: 268_095, igstPaise: 13_405 });
  });
});

describe('the GST rate', () => {
  it('is 5 % for a garment at ₹2,500 a piece and 18 % at ₹2,501, and 5 % for sarees at any price', () => {
    expect(gstRatePercent(GARMENT_RATE, 250_000)).toBe(5);
    expect(gstRatePercent(GARMENT_RATE, 250_100)).toBe(18);
    expect(gstRatePercent(FABRIC_RATE, 9_999_900)).toBe(5);
  });

  it('comes from the category, a product’s own HSN or rule winning, and a garment’s for an unknown category', () => {
    expect(taxClassOf('Silk Sarees')).toEqual({ hsn: '5007', rule: FABRIC_RATE });
    expect(taxClassOf('Cotton Sarees', { hsn: '5407' })).toEqual({ hsn: '5407', rule: FABRIC_RATE });
    expect(taxClassOf('Kurtis', { rule: FABRIC_RATE }).rule).toBe(FABRIC_RATE);
    expect(taxClassOf('Night Suits')).toEqual({ hsn: '6211', rule: GARMENT_RATE });
  });
});

describe('financialYear', () => {
  it('rolls over on 1 April in India, not at UTC midnight', () => {
    expect(financialYear(new Date('2027-03-31T18:29:59Z'))).toBe('2026-27');
    expect(financialYear(new Date('2027-03-31T18:30:00Z'))).toBe('2027-28');
    expect(financialYear(new Date('2026-11-22T12:00:00Z'))).toBe('2026-27');
    expect(financialYear(new Date('2099-06-01T00:00:00Z'))).toBe('2099-00');
  });
});

describe('amountInWords', () => {
  it('writes rupees the Indian way, with lakh and crore, and paise when there are any', () => {
    expect(amountInWords(281_500)).toBe('Rupees Two Thousand Eight Hundred Fifteen Only');
    expect(amountInWords(12_499_900)).toBe(
      'Rupees One Lakh Twenty Four Thousand Nine Hundred Ninety Nine Only',
    );
    expect(amountInWords(1_234_567_812)).toBe(
      'Rupees One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight and Twelve Paise Only',
    );
    expect(amountInWords(100)).toBe('Rupees One Only');
    expect(amountInWords(5)).toBe('Rupees Zero and Five Paise Only');
  });
});

describe('isValidGstin', () => {
  it('accepts a GSTIN with its state code and check character, and refuses one changed anywhere', () => {
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isValidGstin('27AAPFU0939F1ZW')).toBe(false);
    expect(isValidGstin('29AAPFU0939F1ZV')).toBe(false);
    expect(isValidGstin('00AAPFU0939F1ZV')).toBe(false);
    expect(isValidGstin('27AAPFU0939F1Z')).toBe(false);
    expect(isValidGstin('27aapfu0939f1zv')).toBe(false);
  });
});
