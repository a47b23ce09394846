import { describe, expect, it } from 'vitest';
import { DEFAULT_DELIVERY_SETTINGS, type DeliverySettings } from '@shop/shared';
import { afterCourierDays, deliveryZone, dispatchDate, estimateDelivery } from './estimate.ts';

const place = (state: string, district: string) => ({ state, district });
const bandra = place('Maharashtra', 'Mumbai Suburban');
const pune = place('Maharashtra', 'Pune');
const nashik = place('Maharashtra', 'Nashik');
const jaipur = place('Rajasthan', 'Jaipur');
const shillong = place('Meghalaya', 'East Khasi Hills');
const kolkata = place('West Bengal', 'Kolkata');
const settings: DeliverySettings = { ...DEFAULT_DELIVERY_SETTINGS, originPin: '400050' };

// 2026-11-23 is a Monday; 2026-11-29 a Sunday.
describe('the delivery zone of a PIN', () => {
  it('is local in the shop’s district, state in its state, then metro, remote or the rest of India', () => {
    expect(deliveryZone(bandra, bandra)).toBe('local');
    expect(deliveryZone(pune, bandra)).toBe('state');
    expect(deliveryZone(nashik, bandra)).toBe('state');
    expect(deliveryZone(kolkata, bandra)).toBe('metro');
    expect(deliveryZone(place('Delhi', 'South West'), bandra)).toBe('metro');
    expect(deliveryZone(place('Telangana', 'Medchal Malkajgiri'), bandra)).toBe('metro');
    expect(deliveryZone(shillong, bandra)).toBe('remote');
    expect(deliveryZone(place('Ladakh', 'Leh Ladakh'), bandra)).toBe('remote');
    expect(deliveryZone(place('Andaman and Nicobar Islands', 'South Andamans'), bandra)).toBe('remote');
    expect(deliveryZone(jaipur, bandra)).toBe('rest');
  });

  it('has no local or state zone without the shop’s PIN, and a district of the same name elsewhere is not local', () => {
    expect(deliveryZone(bandra, undefined)).toBe('metro');
    expect(deliveryZone(nashik, undefined)).toBe('rest');
    expect(deliveryZone(place('Bihar', 'Aurangabad'), place('Maharashtra', 'Aurangabad'))).toBe('rest');
  });

  it('keeps a remote state the shop is in as its state zone', () => {
    expect(deliveryZone(place('Assam', 'Kamrup'), place('Assam', 'Kamrup Metro'))).toBe('state');
  });
});

describe('the dispatch day', () => {
  it('is today on a dispatch day, else the next dispatch day that is not a holiday', () => {
    expect(dispatchDate(settings, '2026-11-23')).toBe('2026-11-23');
    expect(dispatchDate(settings, '2026-11-29')).toBe('2026-11-30');
    expect(dispatchDate({ ...settings, holidays: ['2026-11-30', '2026-12-01'] }, '2026-11-29')).toBe('2026-12-02');
    expect(dispatchDate({ ...settings, dispatchDays: [2, 5] }, '2026-11-25')).toBe('2026-11-27');
  });
});

describe('courier days', () => {
  it('skip Sundays', () => {
    expect(afterCourierDays('2026-11-23', 0)).toBe('2026-11-23');
    expect(afterCourierDays('2026-11-27', 1)).toBe('2026-11-28');
    expect(afterCourierDays('2026-11-27', 2)).toBe('2026-11-30');
    expect(afterCourierDays('2026-11-28', 1)).toBe('2026-11-30');
    expect(afterCourierDays('2026-11-23', 10)).toBe('2026-12-04');
  });
});

describe('the delivery estimate', () => {
  it('adds the zone’s days to the dispatch day, skipping Sundays', () => {
    // Ordered on a Saturday: dispatched that day; 1 to 2 courier days locally skips Sunday.
    expect(estimateDelivery(bandra, bandra, settings, '2026-11-28')).toEqual({ zone: 'local', from: '2026-11-30', to: '2026-12-01' });
    // Ordered on a Sunday: dispatched Monday; the rest of India is 4 to 7 days.
    expect(estimateDelivery(jaipur, bandra, settings, '2026-11-29')).toEqual({ zone: 'rest', from: '2026-12-04', to: '2026-12-08' });
    expect(estimateDelivery(shillong, bandra, settings, '2026-11-23')).toEqual({ zone: 'remote', from: '2026-11-30', to: '2026-12-04' });
  });

  it('waits for the holidays and the owner’s days', () => {
    const diwali = { ...settings, holidays: ['2026-11-09', '2026-11-10'], zones: { ...settings.zones, metro: { from: 2, to: 3 } } };
    expect(estimateDelivery(kolkata, bandra, diwali, '2026-11-09')).toEqual({ zone: 'metro', from: '2026-11-13', to: '2026-11-14' });
  });
});
