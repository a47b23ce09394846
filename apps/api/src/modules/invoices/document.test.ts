import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATEGORY_TAX, DEFAULT_BRAND, DEFAULT_COD_SETTINGS, DEFAULT_DELIVERY_SETTINGS, DEFAULT_SHIPPING_SETTINGS, DEFAULT_RETURN_RULES, STATE_NAMES, type Order, type ShopSettings } from '@shop/shared';
import { creditNoteDraft, invoiceDraft } from './document.ts';

const shop: ShopSettings = {
  ...DEFAULT_BRAND,
  legalName: 'Saree Pari Textiles',
  address: 'Mumbai',
  state: 'Maharashtra',
  gstin: '27AAPFU0939F1ZV',
  grievanceName: 'M',
  grievanceEmail: 'g@example.com',
  supportPhone: '1',
  supportEmail: 's@example.com',
  lowStockThreshold: 5,
  cod: DEFAULT_COD_SETTINGS,
  delivery: DEFAULT_DELIVERY_SETTINGS,
  shipping: DEFAULT_SHIPPING_SETTINGS,
  returns: DEFAULT_RETURN_RULES,
};

const item = fc.record({
  quantity: fc.integer({ min: 1, max: 20 }),
  // Whole rupees and odd paise alike, from ₹1 to ₹2 lakh a piece.
  pricePaise: fc.integer({ min: 100, max: 20_000_000 }),
  discountPercentage: fc.integer({ min: 0, max: 90 }),
  category: fc.constantFrom(...Object.keys(CATEGORY_TAX), 'Something New'),
});
const orderArb = fc.record({
  items: fc.array(item, { minLength: 1, maxLength: 8 }),
  state: fc.oneof(fc.constantFrom(...STATE_NAMES, 'maharashtra', 'MH', 'Atlantis'), fc.string({ maxLength: 20 })),
});

type Generated = typeof orderArb extends fc.Arbitrary<infer T> ? T : never;

function order(o: Generated): Order {
  return {
    id: 1,
    items: o.items.map((i, n) => {
      const discounted = Math.round((i.pricePaise * (100 - i.discountPercentage)) / 100);
      return {
        id: n,
        quantity: i.quantity,
        color: '#aa2233',
        size: 42,
        product: { id: n, title: `P${n}`, brand: 'B', category: i.category, thumbnail: '', price: i.pricePaise / 100, discountPercentage: i.discountPercentage, discountedPrice: discounted / 100 },
      };
    }),
    totalAmount: o.items.reduce((s, i) => s + Math.round((i.pricePaise * (100 - i.discountPercentage)) / 100) * i.quantity, 0) / 100,
    totalItems: o.items.reduce((s, i) => s + i.quantity, 0),
    user: 1,
    paymentMethod: 'cash',
    payment: { paymentMethod: 'cash', status: 'pending' },
    selectedAddress: { name: 'A', email: 'a@example.com', phone: '1', street: 'S', city: 'C', state: o.state, pinCode: '400050' },
    status: 'pending',
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    invoiceNumber: null,
    creditNoteNumber: null,
    codFee: 0,
    prepaidDiscount: 0,
    stage: 'confirmed',
    shippingRupees: 0,
    shipment: null,
    confirmation: 'not_needed',
    confirmBy: null,
    cashCollected: false,
  };
}

describe('an invoice draft', () => {
  it("adds up: every line's taxable value and tax make its amount, the halves make the tax, the lines make the order's total", () => {
    fc.assert(
      fc.property(orderArb, (o) => {
        const ord = order(o);
        const d = invoiceDraft(ord, shop);
        for (const l of d.lines) {
          const tax = l.amountPaise - l.taxablePaise;
          expect(tax).toBeGreaterThanOrEqual(0);
          if (d.intraState) {
            expect(l.cgstPaise + l.sgstPaise).toBe(tax);
            expect(Math.abs(l.cgstPaise - l.sgstPaise)).toBeLessThanOrEqual(1);
            expect(l.igstPaise).toBe(0);
          } else {
            expect(l.igstPaise).toBe(tax);
            expect(l.cgstPaise + l.sgstPaise).toBe(0);
          }
          expect(l.unitPricePaise * l.quantity - l.discountPaise).toBe(l.amountPaise);
        }
        const t = d.totals;
        expect(t.totalPaise).toBe(Math.round(ord.totalAmount * 100));
        expect(t.taxablePaise + t.cgstPaise + t.sgstPaise + t.igstPaise).toBe(t.totalPaise);
      }),
      { numRuns: 500 },
    );
  });

  it('is intra-state only for a delivery to the shop\'s own state, however it is spelt', () => {
    const base = order({ items: [{ quantity: 1, pricePaise: 210_000, discountPercentage: 0, category: 'Silk Sarees' }], state: 'x' });
    const at = (state: string) => invoiceDraft({ ...base, selectedAddress: { ...base.selectedAddress, state } }, shop);
    for (const s of ['Maharashtra', 'MAHARASHTRA', ' maharashtra ', 'MH', 'State of Maharashtra']) expect(at(s)).toMatchObject({ intraState: true, placeOfSupply: { state: 'Maharashtra', code: '27' } });
    expect(at('Orissa')).toMatchObject({ intraState: false, placeOfSupply: { state: 'Odisha', code: '21' } });
    expect(at('tamilnadu').placeOfSupply).toEqual({ state: 'Tamil Nadu', code: '33' });
    expect(at('Jammu & Kashmir').placeOfSupply).toEqual({ state: 'Jammu and Kashmir', code: '01' });
    expect(at('Pondicherry').placeOfSupply).toEqual({ state: 'Puducherry', code: '34' });
    expect(at('Gotham')).toMatchObject({ intraState: false, placeOfSupply: { state: 'Gotham', code: null } });
    expect(at('Gotham').lines[0]).toMatchObject({ taxablePaise: 200_000, igstPaise: 10_000 });
  });
});

describe('a B2B invoice draft', () => {
  const base = order({ items: [{ quantity: 1, pricePaise: 210_000, discountPercentage: 0, category: 'Silk Sarees' }], state: 'Karnataka' });
  const b2b = { ...base, selectedAddress: { ...base.selectedAddress, gstin: '29AAAAA0000A1ZY', businessName: 'Rao Textiles LLP' } };

  it('names the registered buyer with their GSTIN, and the place of supply is still the delivery state', () => {
    expect(invoiceDraft(b2b, shop)).toMatchObject({
      supply: 'B2B',
      buyer: { name: 'A', gstin: '29AAAAA0000A1ZY', businessName: 'Rao Textiles LLP', state: 'Karnataka' },
      placeOfSupply: { state: 'Karnataka', code: '29' },
      intraState: false,
    });
  });

  it('is B2C, with no GSTIN, for an address without one', () => {
    const d = invoiceDraft(base, shop);
    expect(d.supply).toBe('B2C');
    expect(d.buyer).not.toHaveProperty('gstin');
    expect(d.buyer).not.toHaveProperty('businessName');
  });

  it('carries the buyer’s GSTIN onto the credit note', () => {
    const invoice = { ...invoiceDraft(b2b, shop), number: 'INV/26-27/000001', issuedAt: new Date().toISOString() };
    expect(creditNoteDraft(invoice)).toMatchObject({ kind: 'credit_note', supply: 'B2B', buyer: { gstin: '29AAAAA0000A1ZY' } });
  });
});
