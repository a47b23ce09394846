import { describe, expect, it } from 'vitest';
import { changedFields, checkPromotionForm, istIso, istParts, toFormValues } from './promotion-form-values';
import { formatIst, promotionStatus, promotionWhen } from './promotion-parts';

const START = '2026-10-20T00:00:00+05:30';
const END = '2026-11-03T23:59:00+05:30';

describe('a promotion’s status', () => {
  const p = { enabled: true, startsAt: START, endsAt: END };

  it('is Scheduled before its start, Live from it, Ended from its end', () => {
    expect(promotionStatus(p, Date.parse(START) - 1)).toBe('scheduled');
    expect(promotionStatus(p, Date.parse(START))).toBe('live');
    expect(promotionStatus(p, Date.parse(END) - 1)).toBe('live');
    expect(promotionStatus(p, Date.parse(END))).toBe('ended');
    expect(promotionStatus({ ...p, endsAt: null }, Date.parse('2030-01-01T00:00:00Z'))).toBe('live');
  });

  it('is Off when switched off, whatever its dates', () => {
    expect(promotionStatus({ ...p, enabled: false }, Date.parse(START) + 1)).toBe('off');
    expect(promotionStatus({ ...p, enabled: false }, Date.parse(START) - 1)).toBe('off');
  });
});

describe('India’s dates and times', () => {
  it('reads a UTC moment as a clock in India does, noon and midnight as 12', () => {
    expect(formatIst('2026-10-19T18:30:00.000Z')).toBe('20 Oct 2026, 12:00 am');
    expect(formatIst('2026-09-03T06:30:00Z')).toBe('3 Sep 2026, 12:00 pm');
    expect(promotionWhen({ startsAt: START, endsAt: END })).toBe('20 Oct 2026, 12:00 am – 3 Nov 2026, 11:59 pm');
  });

  it('turns a date and a time in India into a moment with +05:30, and back', () => {
    expect(istIso('2026-10-20', '00:00')).toBe(START);
    expect(istParts('2026-10-19T18:30:00.000Z')).toEqual(['2026-10-20', '00:00']);
    expect(istParts(END)).toEqual(['2026-11-03', '23:59']);
  });
});

describe('an edited promotion', () => {
  it('changes nothing when saved as it was, though the server wrote its moments in UTC', () => {
    const checked = checkPromotionForm({ ...toFormValues(undefined, '2026-10-20'), name: 'Diwali Sale', value: '20' });
    if (!('body' in checked)) throw new Error('the form should be valid');
    const saved = { ...checked.body, startsAt: '2026-10-19T18:30:00.000Z' };
    expect(checked.body.startsAt).toBe(START);
    expect(changedFields(saved, checked.body)).toEqual({});
    expect(changedFields(saved, { ...checked.body, value: 25 })).toEqual({ value: 25 });
  });
});
