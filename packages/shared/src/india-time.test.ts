import { describe, expect, it } from 'vitest';
import {
  addDays,
  countDays,
  formatIndiaDate,
  indiaDate,
  indiaDayEnd,
  indiaDayStart,
  indiaMonthBounds,
  isCalendarDate,
} from './india-time';

describe('indiaDate', () => {
  it('turns to the next day at 18:30 UTC', () => {
    expect(indiaDate(new Date('2026-03-01T18:29:59.999Z'))).toBe('2026-03-01');
    expect(indiaDate(new Date('2026-03-01T18:30:00Z'))).toBe('2026-03-02');
    expect(indiaDate(Date.parse('2026-12-31T18:30:00Z'))).toBe('2027-01-01');
  });
});

describe('indiaDayStart and indiaDayEnd', () => {
  it('bound a day from 18:30 UTC the day before to 18:30 UTC that day', () => {
    expect(indiaDayStart('2026-03-02').toISOString()).toBe('2026-03-01T18:30:00.000Z');
    expect(indiaDayEnd('2026-03-02').toISOString()).toBe('2026-03-02T18:30:00.000Z');
  });

  it('cross month ends and a leap day', () => {
    expect(indiaDayEnd('2026-04-30').toISOString()).toBe('2026-04-30T18:30:00.000Z');
    expect(indiaDayStart('2028-02-29').toISOString()).toBe('2028-02-28T18:30:00.000Z');
    expect(indiaDayEnd('2028-02-29').toISOString()).toBe('2028-02-29T18:30:00.000Z');
    expect(indiaDate(indiaDayEnd('2028-02-29'))).toBe('2028-03-01');
  });
});

describe('addDays and countDays', () => {
  it('step over month ends and leap days', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(countDays('2026-03-01', '2026-03-01')).toBe(1);
    expect(countDays('2028-01-01', '2028-12-31')).toBe(366);
  });
});

describe('indiaMonthBounds', () => {
  it('runs from the first India midnight of a month to the next one', () => {
    expect(indiaMonthBounds('2026-11').map((d) => d.toISOString())).toEqual([
      '2026-10-31T18:30:00.000Z',
      '2026-11-30T18:30:00.000Z',
    ]);
    expect(indiaMonthBounds('2026-12')[1].toISOString()).toBe('2026-12-31T18:30:00.000Z');
    expect(indiaMonthBounds('2028-02')[1].toISOString()).toBe('2028-02-29T18:30:00.000Z');
  });
});

describe('isCalendarDate', () => {
  it('accepts real days only', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-04-31')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('2026-3-1')).toBe(false);
    expect(isCalendarDate('2026-03-01T00:00')).toBe(false);
  });
});

describe('formatIndiaDate', () => {
  it('writes the India date of an instant', () => {
    expect(formatIndiaDate('2026-11-22T18:29:00Z')).toBe('22 Nov 2026');
    expect(formatIndiaDate(new Date('2026-11-22T18:30:00Z'))).toBe('23 Nov 2026');
  });
});
