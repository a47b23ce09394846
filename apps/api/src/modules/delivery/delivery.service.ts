import { parse } from 'csv-parse/sync';
import { and, eq, inArray } from 'drizzle-orm';
import {
  DEFAULT_COD_SETTINGS,
  DEFAULT_DELIVERY_SETTINGS,
  indiaDate,
  indianStateOf,
  MAX_PINCODE_RULES,
  normalisePin,
  PIN_MESSAGE,
  PIN_PREFIX_MESSAGE,
  PIN_PREFIX_RE,
  PIN_RE,
  type CodSettings,
  type DeliverySettings,
  type DeliveryZone,
  type PincodeAnswer,
  type PincodeRules,
} from '@shop/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import { restore, utf8Text } from '../../lib/csv.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { shopSettings } from '../settings/settings.table.ts';
import { pincodeRules } from './delivery.table.ts';
import { afterCourierDays, deliveryZone, estimateDelivery } from './estimate.ts';
import { lookupPin, type PinPlace } from './pin-directory.ts';

// docs/product.md, Delivery and PIN codes: the words a shopper sees at checkout and on a saved address.
export const unknownPinMessage = (pin: string) => `PIN code ${pin} does not exist`;
export const STATE_MESSAGE = 'Choose a state or union territory';
export const pinStateMessage = (pin: string, pinState: string, state: string) => `PIN code ${pin} is in ${pinState}, not ${state}`;
export const noDeliveryMessage = (pin: string) => `We do not deliver to PIN code ${pin}`;
export const noCodMessage = (pin: string) => `Cash on delivery is not available for PIN code ${pin}`;

export type PincodeList = keyof PincodeRules;
const LIST_COLUMN = { noDelivery: 'no_delivery', noCod: 'no_cod' } as const satisfies Record<PincodeList, string>;
const INSERT_BATCH = 1000;

const sorted = (prefixes: Iterable<string>) => [...new Set(prefixes)].sort();

/** Both lists, each sorted. */
export async function getPincodeRules(db: DbOrTx): Promise<PincodeRules> {
  const rows = await db.select().from(pincodeRules);
  return {
    noDelivery: sorted(rows.filter((r) => r.list === 'no_delivery').map((r) => r.prefix)),
    noCod: sorted(rows.filter((r) => r.list === 'no_cod').map((r) => r.prefix)),
  };
}

async function writeList(tx: DbOrTx, list: PincodeList, prefixes: readonly string[]) {
  await tx.delete(pincodeRules).where(eq(pincodeRules.list, LIST_COLUMN[list]));
  const rows = sorted(prefixes).map((prefix) => ({ list: LIST_COLUMN[list], prefix }));
  for (let i = 0; i < rows.length; i += INSERT_BATCH) await tx.insert(pincodeRules).values(rows.slice(i, i + INSERT_BATCH));
}

/** Replaces the lists given, whole, in one transaction; replies with both lists as stored. */
export async function replacePincodeRules(db: Db, rules: Partial<PincodeRules>): Promise<PincodeRules> {
  return db.transaction(async (tx) => {
    for (const list of ['noDelivery', 'noCod'] as const) {
      const prefixes = rules[list];
      if (prefixes) await writeList(tx, list, prefixes);
    }
    return getPincodeRules(tx);
  });
}

/** Whether a rule's PIN or prefix covers `pin`. */
export const pinMatches = (prefixes: readonly string[], pin: string): boolean => prefixes.some((p) => pin.startsWith(p));

const prefixesOf = (pin: string) => Array.from({ length: pin.length }, (_, i) => pin.slice(0, i + 1));

/** The lists that cover `pin`: one read on the table's key, at most 12 rows. */
async function listsCovering(db: DbOrTx, pin: string): Promise<{ noDelivery: boolean; noCod: boolean }> {
  const rows = await db
    .select({ list: pincodeRules.list })
    .from(pincodeRules)
    .where(and(inArray(pincodeRules.list, ['no_delivery', 'no_cod']), inArray(pincodeRules.prefix, prefixesOf(pin))));
  return { noDelivery: rows.some((r) => r.list === 'no_delivery'), noCod: rows.some((r) => r.list === 'no_cod') };
}

// A column still null reads as the defaults in packages/shared.
async function deliveryAndCod(db: DbOrTx): Promise<{ delivery: DeliverySettings; cod: CodSettings }> {
  const [row] = await db.select({ delivery: shopSettings.delivery, cod: shopSettings.cod }).from(shopSettings).where(eq(shopSettings.id, 1));
  return { delivery: { ...DEFAULT_DELIVERY_SETTINGS, ...row?.delivery }, cod: { ...DEFAULT_COD_SETTINGS, ...row?.cod } };
}

/** The PIN as typed (spaces inside allowed) → its place, or the reason it is refused. */
function placeOf(typed: string): { pin: string; place: PinPlace } | { problem: string; status: 400 | 404 } {
  const pin = normalisePin(typed);
  if (!PIN_RE.test(pin)) return { problem: PIN_MESSAGE, status: 400 };
  const place = lookupPin(pin);
  return place ? { pin, place } : { problem: unknownPinMessage(pin), status: 404 };
}

/**
 * What the product page's "Check delivery" shows for a PIN on `now`'s India date. A malformed PIN is
 * 400, one India Post does not list 404.
 */
export async function pincodeAnswer(db: DbOrTx, typed: string, now: Date = new Date()): Promise<PincodeAnswer> {
  const found = placeOf(typed);
  if ('problem' in found) throw found.status === 400 ? badRequest(found.problem) : notFound(found.problem);
  const { pin, place } = found;
  const { delivery, cod } = await deliveryAndCod(db);
  const lists = await listsCovering(db, pin);
  const deliverable = !lists.noDelivery;
  const origin = delivery.originPin ? lookupPin(delivery.originPin) : undefined;
  const estimate = deliverable ? estimateDelivery(place, origin, delivery, indiaDate(now)) : null;
  return {
    pin,
    district: place.district,
    state: place.state,
    deliverable,
    cod: deliverable && cod.enabled && !lists.noCod,
    estimatedDelivery: estimate && { from: estimate.from, to: estimate.to },
  };
}

/** The delivery zone of a PIN India Post lists (docs/product.md, Shipping charges); null for one it does not. */
export function zoneOfPin(typed: string, delivery: DeliverySettings): DeliveryZone | null {
  const found = placeOf(typed);
  if ('problem' in found) return null;
  return deliveryZone(found.place, delivery.originPin ? lookupPin(delivery.originPin) : undefined);
}

/** The last India date a parcel dispatched on `day` to this PIN should arrive (the zone's "to" days). */
export function expectedArrival(typed: string, delivery: DeliverySettings, day: string): string | null {
  const found = placeOf(typed);
  if ('problem' in found) return null;
  const origin = delivery.originPin ? lookupPin(delivery.originPin) : undefined;
  return afterCourierDays(day, delivery.zones[deliveryZone(found.place, origin)].to);
}

export interface AddressPlace {
  pinCode: string;
  state: string;
}

/**
 * Whether the address's PIN exists and lies in its state (free text, matched by name as everywhere);
 * a PIN India Post lists in two states is accepted with either. A saved address needs only this.
 */
export function addressProblem(address: AddressPlace): string | null {
  const found = placeOf(address.pinCode);
  if ('problem' in found) return found.problem;
  const state = indianStateOf(address.state);
  if (!state) return STATE_MESSAGE;
  if (!found.place.states.includes(state)) return pinStateMessage(found.pin, found.place.state, state);
  return null;
}

/** Why an order to this address cannot be delivered, or paid in cash, or null when it can (the checkout asks). */
export async function deliveryProblem(db: DbOrTx, address: AddressPlace, method: 'cash' | 'card'): Promise<string | null> {
  const problem = addressProblem(address);
  if (problem) return problem;
  const pin = normalisePin(address.pinCode);
  const lists = await listsCovering(db, pin);
  if (lists.noDelivery) return noDeliveryMessage(pin);
  if (method === 'cash' && lists.noCod) return noCodMessage(pin);
  return null;
}

const MAX_LISTED_LINES = 10;
const HEADER_RE = /^[\s"']*[a-z]/i;

function linesText(lines: number[]): string {
  const shown = lines.slice(0, MAX_LISTED_LINES).join(', ');
  const more = lines.length > MAX_LISTED_LINES ? ` and ${lines.length - MAX_LISTED_LINES} more` : '';
  return `${lines.length === 1 ? 'Line' : 'Lines'} ${shown}${more}`;
}

/**
 * A CSV of PINs or prefixes, one a line in its first column (what Shopify's COD apps take), an
 * optional header row first, blank lines skipped. Any bad line refuses the whole file.
 */
export function readPincodeCsv(bytes: Uint8Array): string[] {
  const text = utf8Text(bytes);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { bom: true, info: true, skip_empty_lines: true, relax_column_count: true, relax_quotes: true, max_record_size: 10_000 }) as unknown as typeof records;
  } catch (err) {
    const line = (err as { lines?: number }).lines;
    throw badRequest(line ? `Line ${line} is not valid CSV` : 'This file is not valid CSV');
  }
  const prefixes: string[] = [];
  const bad: number[] = [];
  records.forEach(({ record, info }, i) => {
    const cell = normalisePin(restore(record[0] ?? ''));
    if (cell === '' && record.every((c) => c.trim() === '')) return;
    if (i === 0 && HEADER_RE.test(cell)) return;
    if (PIN_PREFIX_RE.test(cell)) prefixes.push(cell);
    else bad.push(info.lines);
  });
  if (bad.length) throw badRequest(`${linesText(bad)}: ${PIN_PREFIX_MESSAGE}`);
  // An empty list is a choice made in Settings → Delivery, not by a file that lost its lines.
  if (!prefixes.length) throw badRequest('The file lists no PIN code or prefix');
  const distinct = sorted(prefixes);
  if (distinct.length > MAX_PINCODE_RULES) throw badRequest(`At most ${MAX_PINCODE_RULES} PINs or prefixes`);
  return distinct;
}

/** Replaces one list with the CSV's PINs and prefixes; a bad file changes nothing. */
export async function importPincodeCsv(db: Db, list: PincodeList, bytes: Uint8Array): Promise<{ imported: number; rules: PincodeRules }> {
  const prefixes = readPincodeCsv(bytes);
  return { imported: prefixes.length, rules: await replacePincodeRules(db, { [list]: prefixes }) };
}
