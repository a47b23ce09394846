import { describe, expect, it } from 'vitest';
import { change, indiaToday, readPeriod } from './period';

describe('the dashboard period', () => {
  it('is the last 30 days of India’s calendar by default, today included', () => {
    expect(readPeriod(new URLSearchParams(''), '2026-03-31')).toEqual({
      key: '30',
      from: '2026-03-02',
      to: '2026-03-31',
    });
  });

  it('reads a preset or a custom range from the URL', () => {
    expect(readPeriod(new URLSearchParams('period=today'), '2026-03-31')).toEqual({
      key: 'today',
      from: '2026-03-31',
      to: '2026-03-31',
    });
    expect(readPeriod(new URLSearchParams('period=7'), '2026-03-03')).toEqual({
      key: '7',
      from: '2026-02-25',
      to: '2026-03-03',
    });
    expect(readPeriod(new URLSearchParams('from=2026-01-01&to=2026-01-31'), '2026-03-31')).toEqual({
      key: 'custom',
      from: '2026-01-01',
      to: '2026-01-31',
    });
  });

  it('counts a day in India: 20:00 UTC is already tomorrow', () => {
    expect(indiaToday(Date.parse('2026-03-01T20:00:00Z'))).toBe('2026-03-02');
    expect(indiaToday(Date.parse('2026-03-01T18:00:00Z'))).toBe('2026-03-01');
  });

  it('gives the change from before, or null when there was nothing before', () => {
    expect(change(150, 100)).toBe(0.5);
    expect(change(0, 0)).toBe(0);
    expect(change(10, 0)).toBeNull();
  });
});
