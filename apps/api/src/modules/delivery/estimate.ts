import { addDays, type DeliverySettings, type DeliveryZone } from '@shop/shared';
import type { PinPlace } from './pin-directory.ts';

/** docs/decisions/037: the north-east, Jammu and Kashmir, Ladakh and the islands. */
export const REMOTE_STATES: ReadonlySet<string> = new Set([
  'Arunachal Pradesh',
  'Assam',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Sikkim',
  'Tripura',
  'Jammu and Kashmir',
  'Ladakh',
  'Andaman and Nicobar Islands',
  'Lakshadweep',
]);

/**
 * The metro cities' districts as India Post names them, per state (decision 037). Every district of
 * Delhi is Delhi; Hyderabad's city spreads over three districts, Bengaluru's over Bengaluru Urban.
 */
export const METRO_DISTRICTS: Readonly<Record<string, readonly string[] | 'all'>> = {
  Delhi: 'all',
  Maharashtra: ['Mumbai', 'Mumbai Suburban', 'Pune'],
  'West Bengal': ['Kolkata'],
  'Tamil Nadu': ['Chennai'],
  Karnataka: ['Bengaluru Urban'],
  Telangana: ['Hyderabad', 'Medchal Malkajgiri', 'Ranga Reddy'],
  Gujarat: ['Ahmadabad'],
};

export function isMetro(place: Pick<PinPlace, 'state' | 'district'>): boolean {
  const districts = METRO_DISTRICTS[place.state];
  return districts === 'all' || (districts?.includes(place.district) ?? false);
}

/** Nearest first, the first that matches (packages/shared/src/delivery.ts, DELIVERY_ZONES). Without an origin there is no local or state zone. */
export function deliveryZone(place: Pick<PinPlace, 'state' | 'district'>, origin: Pick<PinPlace, 'state' | 'district'> | undefined): DeliveryZone {
  if (origin && place.state === origin.state) return place.district === origin.district ? 'local' : 'state';
  if (isMetro(place)) return 'metro';
  if (REMOTE_STATES.has(place.state)) return 'remote';
  return 'rest';
}

const SUNDAY = 0;
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
// dispatchDays is never empty and there are at most 100 holidays: a dispatch day comes within 800 days.
const MAX_DAYS_TO_DISPATCH = 800;

/** The first day from `today` (included) that is a dispatch day and not a holiday. */
export function dispatchDate(settings: Pick<DeliverySettings, 'dispatchDays' | 'holidays'>, today: string): string {
  const holidays = new Set(settings.holidays);
  let day = today;
  for (let i = 0; i < MAX_DAYS_TO_DISPATCH; i++, day = addDays(day, 1))
    if (settings.dispatchDays.includes(weekday(day)) && !holidays.has(day)) return day;
  return today;
}

/** `n` courier days after `date`: couriers do not deliver on Sundays. */
export function afterCourierDays(date: string, n: number): string {
  let day = date;
  for (let left = n; left > 0; ) {
    day = addDays(day, 1);
    if (weekday(day) !== SUNDAY) left--;
  }
  return day;
}

export interface DeliveryEstimate {
  zone: DeliveryZone;
  /** India dates, YYYY-MM-DD. */
  from: string;
  to: string;
}

/** When a parcel for `place` arrives, ordered on India date `today` (docs/product.md, Delivery and PIN codes). */
export function estimateDelivery(
  place: Pick<PinPlace, 'state' | 'district'>,
  origin: Pick<PinPlace, 'state' | 'district'> | undefined,
  settings: Pick<DeliverySettings, 'zones' | 'dispatchDays' | 'holidays'>,
  today: string,
): DeliveryEstimate {
  const zone = deliveryZone(place, origin);
  const dispatch = dispatchDate(settings, today);
  const days = settings.zones[zone];
  return { zone, from: afterCourierDays(dispatch, days.from), to: afterCourierDays(dispatch, days.to) };
}
