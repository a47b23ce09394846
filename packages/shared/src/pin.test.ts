import { describe, expect, it } from 'vitest';
import { codFeePaise, codLimitProblem, normalisePin, PIN_PREFIX_RE, PIN_RE } from './pin.ts';

describe('PIN codes', () => {
  it('takes six digits not starting with 0, spaces inside dropped', () => {
    expect(PIN_RE.test(normalisePin('400 050'))).toBe(true);
    for (const bad of ['040005', '40005', '4000500', '4000AB', '']) expect(PIN_RE.test(normalisePin(bad)), bad).toBe(false);
    expect(['1', '1100', '793001'].every((p) => PIN_PREFIX_RE.test(p))).toBe(true);
    expect(['0', '1234567', '11a'].some((p) => PIN_PREFIX_RE.test(p))).toBe(false);
  });
});

describe('the COD sums', () => {
  const cod = { enabled: true, minOrderRupees: 500, maxOrderRupees: 4000 };

  it('allows both limits themselves and refuses a paisa beyond either', () => {
    expect(codLimitProblem(cod, 50_000)).toBeNull();
    expect(codLimitProblem(cod, 400_000)).toBeNull();
    expect(codLimitProblem(cod, 49_999)).toBe('Cash on delivery is for orders of ₹500 or more');
    expect(codLimitProblem(cod, 400_001)).toBe('Cash on delivery is for orders up to ₹4,000');
    expect(codLimitProblem({ ...cod, minOrderRupees: null, maxOrderRupees: null }, 1)).toBeNull();
    expect(codLimitProblem({ ...cod, enabled: false }, 100_000)).toBe('Cash on delivery is not offered by this shop');
  });

  it('charges the fixed fee and the percentage rounded to the rupee', () => {
    expect(codFeePaise({ feeRupees: 49, feePercent: 0 }, 123_456)).toBe(4900);
    expect(codFeePaise({ feeRupees: 0, feePercent: 2 }, 224_900)).toBe(4500);
    expect(codFeePaise({ feeRupees: 30, feePercent: 1.5 }, 100_000)).toBe(3000 + 1500);
    expect(codFeePaise({ feeRupees: 0, feePercent: 0 }, 100_000)).toBe(0);
  });
});
