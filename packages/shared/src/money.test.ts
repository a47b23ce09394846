import { describe, expect, it } from 'vitest';
import { discountedPaise, formatRupees } from './money';

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2 });
const inrWhole = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});
const intl = (r: number) => (Number.isInteger(r) ? inrWhole : inr).format(r);

describe('formatRupees', () => {
  it('groups digits the Indian way', () => {
    expect(formatRupees(0)).toBe('₹0');
    expect(formatRupees(999)).toBe('₹999');
    expect(formatRupees(1000)).toBe('₹1,000');
    expect(formatRupees(124999)).toBe('₹1,24,999');
    expect(formatRupees(12345678)).toBe('₹1,23,45,678');
  });

  it('shows paise only when there are any, always two digits', () => {
    expect(formatRupees(1234.5)).toBe('₹1,234.50');
    expect(formatRupees(0.05)).toBe('₹0.05');
    expect(formatRupees(99.99)).toBe('₹99.99');
  });

  it('writes what Intl.NumberFormat en-IN writes, for every kind of amount', () => {
    const amounts = [
      -1234.5, -7, 0.01, 0.1, 1, 9.9, 10, 99, 100, 1234, 5999.4, 100000, 999999.99, 1e7, 123456789.12,
    ];
    for (let paise = 0; paise < 2_000_000; paise += 7919) amounts.push(paise / 100);
    for (const r of amounts) expect(formatRupees(r), String(r)).toBe(intl(r));
  });
});

describe('discountedPaise', () => {
  it('rounds to the whole rupee, half up', () => {
    // ₹999 less 10 % is ₹899.10: ₹899. ₹12,499 less 15 % is ₹10,624.15: ₹10,624.
    expect(discountedPaise(99_900, 10)).toBe(89_900);
    expect(discountedPaise(1_249_900, 15)).toBe(1_062_400);
    // ₹3.33 less 50 % is ₹1.665: ₹2; ₹899.50 undiscounted: ₹900.
    expect(discountedPaise(333, 50)).toBe(200);
    expect(discountedPaise(89_950, 0)).toBe(90_000);
    expect(discountedPaise(1_00, 100)).toBe(0);
  });
});
