import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { productTaxClass, taxBreakup } from './tax.ts';

const MUMBAI = { sellerState: 'Maharashtra', deliveryState: 'maharashtra' };
const BENGALURU = { sellerState: 'Maharashtra', deliveryState: 'Karnataka' };

describe('productTaxClass', () => {
  it('takes the category’s HSN and rule unless the product has its own', () => {
    expect(productTaxClass({ category: 'Silk Sarees' })).toEqual({
      hsn: '5007',
      rule: { kind: 'flat', ratePercent: 5 },
    });
    expect(productTaxClass({ category: 'Silk Sarees', hsn: '50072010', gstRatePercent: 12 })).toEqual({
      hsn: '50072010',
      rule: { kind: 'flat', ratePercent: 12 },
    });
    expect(productTaxClass({ category: 'Kurtis', hsn: null, gstRatePercent: 0 }).rule).toEqual({
      kind: 'flat',
      ratePercent: 0,
    });
    expect(productTaxClass({ category: 'Kurtis', hsn: null, gstRatePercent: null }).rule.kind).toBe(
      'by-unit-price',
    );
  });
});

describe('taxBreakup', () => {
  it('splits a ₹2,815 saree and two ₹2,600 kurtis delivered in Mumbai into CGST and SGST at 5 % and 18 %', () => {
    const b = taxBreakup(
      [
        { category: 'Silk Sarees', unitPricePaise: 281_500, quantity: 1 },
        { category: 'Kurtis', unitPricePaise: 260_000, quantity: 2 },
      ],
      MUMBAI,
    );
    expect(b.intraState).toBe(true);
    expect(b.lines.map((l) => [l.hsn, l.ratePercent, l.taxablePaise])).toEqual([
      ['5007', 5, 268_095],
      ['6206', 18, 440_678],
    ]);
    expect(b).toMatchObject({ amountPaise: 801_500, taxablePaise: 708_773, igstPaise: 0, taxPaise: 92_727 });
    expect(b.cgstPaise + b.sgstPaise).toBe(92_727);
  });

  it('taxes a garment at 5 % at ₹2,500 a piece and at 18 % at ₹2,501', () => {
    const rate = (paise: number) =>
      taxBreakup([{ category: 'Lehengas', unitPricePaise: paise, quantity: 3 }], BENGALURU).lines[0]!
        .ratePercent;
    expect(rate(250_000)).toBe(5);
    expect(rate(250_100)).toBe(18);
  });

  it('is all IGST when the delivery is to another state, or to a state it does not know', () => {
    const line = [{ category: 'Cotton Sarees', unitPricePaise: 99_900, quantity: 1 }];
    expect(taxBreakup(line, BENGALURU)).toMatchObject({
      intraState: false,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 4757,
    });
    expect(
      taxBreakup(line, { sellerState: 'Maharashtra', deliveryState: 'Bombay Presidency' }).intraState,
    ).toBe(false);
  });

  it('always has totals that are the sums of its lines, and taxable value plus tax equal to what is paid', () => {
    const line = fc.record({
      category: fc.constantFrom('Silk Sarees', 'Cotton Sarees', 'Lehengas', 'Kurtis', 'Dupattas', 'Shawls'),
      gstRatePercent: fc.constantFrom(null, 0, 5, 12, 18, 28),
      unitPricePaise: fc.integer({ min: 1, max: 100_000 }).map((r) => r * 100),
      quantity: fc.integer({ min: 1, max: 20 }),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), fc.constantFrom(MUMBAI, BENGALURU), (lines, where) => {
        const b = taxBreakup(lines, where);
        expect(b.amountPaise).toBe(lines.reduce((s, l) => s + l.unitPricePaise * l.quantity, 0));
        expect(b.taxablePaise + b.taxPaise).toBe(b.amountPaise);
        expect(b.cgstPaise + b.sgstPaise + b.igstPaise).toBe(b.taxPaise);
        expect(b.lines.reduce((s, l) => s + l.taxablePaise, 0)).toBe(b.taxablePaise);
        expect(b.lines.reduce((s, l) => s + l.cgstPaise + l.sgstPaise, 0)).toBe(b.cgstPaise + b.sgstPaise);
        if (where === BENGALURU) expect(b.cgstPaise + b.sgstPaise).toBe(0);
        else expect(b.igstPaise).toBe(0);
      }),
    );
  });
});
