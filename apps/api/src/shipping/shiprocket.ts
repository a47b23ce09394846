import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import {
  PermanentCourierError,
  RetryableCourierError,
  type Booking,
  type Courier,
  type CourierStatusMap,
  type ParcelToBook,
  type ShipmentStatus,
  type TrackingUpdate,
} from './courier.ts';

/**
 * Shiprocket's external API (https://apidocs.shiprocket.in, decision 041): an aggregator that books the
 * parcel with one of its couriers (Delhivery, Xpressbees, Blue Dart…), assigns the AWB, calls the pickup
 * and prints the label, and reports each scan by webhook and on its tracking endpoint.
 */
export interface ShiprocketConfig {
  /** SHIPROCKET_API_URL: https://apiv2.shiprocket.in, or a stand-in under tests. */
  baseUrl: string;
  /** The API user's (Settings → API → Add New API User), which must differ from the panel login. */
  email: string;
  password: string;
  /** The pickup location's nickname in the Shiprocket panel, for a parcel that names none. */
  pickupLocation: string;
  /** Each request's limit, body included; 15 s by default. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** The clock the token's age is read on (tests move it). */
  now?: () => number;
  /** Told of what failed after the AWB was assigned (the pickup, the label): the booking stands. */
  log?: (msg: string) => void;
}

const TIMEOUT_MS = 15_000;
// Shiprocket's token lasts 10 days (the Authentication API's description). Asking for a new one after 9
// keeps a token that expires in the middle of a booking out of the way; a 401 is still handled.
const TOKEN_REFRESH_MS = 9 * 24 * 60 * 60 * 1000;
// Shiprocket answers in India's time and writes no zone in its dates ("2022-07-19 11:37:00").
const IST_MS = 330 * 60 * 1000;
// Search is documented as "for AWB or by channel order_id"; how loosely it matches is not. A reference
// like ORD-12 may also list ORD-120…ORD-129, so the pages are walked, up to a bound.
const SEARCH_PER_PAGE = 100;
const SEARCH_MAX_PAGES = 10;

const LOGIN = '/v1/external/auth/login';
const ORDERS = '/v1/external/orders';
const CREATE_ORDER = '/v1/external/orders/create/adhoc';
const ASSIGN_AWB = '/v1/external/courier/assign/awb';
const PICKUP = '/v1/external/courier/generate/pickup';
const LABEL = '/v1/external/courier/generate/label';
const TRACK_AWB = '/v1/external/courier/track/awb/';

/** Shiprocket's public tracking page for an AWB (the `track_url` its tracking answers carry). */
export const shiprocketTrackingUrl = (awb: string) =>
  `https://shiprocket.co/tracking/${encodeURIComponent(awb)}`;

/**
 * Shiprocket's status codes and words (the Tracking and Shipments tables of its API docs), and what each
 * means here. `null`: known, but it says nothing we act on (a delay, a pickup problem, Shiprocket
 * Fulfilment's warehouse steps); staff see it in the Shiprocket panel. A code or word not in the table is
 * ignored the same way. Words are compared in capitals with `_`, `-` and `/` read as spaces, so
 * `RTO_IN_TRANSIT`, `RTO In Transit` and `RTO-IN-TRANSIT` are one.
 *
 * RTO ("return to origin"): the courier gave up and brings the parcel back. Until it is back (10, RTO
 * Delivered) the order is `undelivered`; `rto` means the parcel is with the shop again.
 */
export const SHIPROCKET_STATUSES: readonly {
  id: number;
  words: readonly string[];
  status: ShipmentStatus | null;
}[] = [
  { id: 1, words: ['AWB Assigned'], status: 'booked' },
  { id: 2, words: ['Label Generated'], status: 'booked' },
  { id: 3, words: ['Pickup Scheduled/Generated', 'Pickup Scheduled', 'Pickup Generated'], status: 'booked' },
  { id: 4, words: ['Pickup Queued'], status: 'booked' },
  { id: 5, words: ['Manifest Generated'], status: 'booked' },
  { id: 6, words: ['Shipped'], status: 'shipped' },
  { id: 7, words: ['Delivered'], status: 'delivered' },
  { id: 8, words: ['Canceled', 'Cancelled'], status: 'cancelled' },
  { id: 9, words: ['RTO Initiated'], status: 'undelivered' },
  { id: 10, words: ['RTO Delivered'], status: 'rto' },
  { id: 11, words: ['Pending'], status: null },
  { id: 12, words: ['Lost'], status: null },
  { id: 13, words: ['Pickup Error'], status: null },
  // Not explained by the docs: whether the parcel is back yet is not said, so it moves nothing.
  { id: 14, words: ['RTO Acknowledged'], status: null },
  { id: 15, words: ['Pickup Rescheduled'], status: 'booked' },
  // Asked for, not done: Canceled (8) follows when it is.
  { id: 16, words: ['Cancellation Requested'], status: null },
  { id: 17, words: ['Out For Delivery'], status: 'out_for_delivery' },
  { id: 18, words: ['In Transit'], status: 'shipped' },
  { id: 19, words: ['Out For Pickup'], status: 'booked' },
  { id: 20, words: ['Pickup Exception'], status: null },
  // The attempt-numbered words are what webhooks' current_status carries in practice, not in the docs.
  {
    id: 21,
    words: [
      'Undelivered',
      'Undelivered 1st Attempt',
      'Undelivered 2nd Attempt',
      'Undelivered 3rd Attempt',
      'Delivery Attempt Failed',
    ],
    status: 'undelivered',
  },
  { id: 22, words: ['Delayed'], status: null },
  // One parcel per order here: a part delivered is for staff to sort out.
  { id: 23, words: ['Partial_Delivered', 'Partially Delivered'], status: null },
  { id: 24, words: ['Destroyed'], status: null },
  { id: 25, words: ['Damaged'], status: null },
  { id: 26, words: ['Fulfilled'], status: null },
  { id: 27, words: ['Pickup Booked'], status: 'booked' },
  { id: 38, words: ['Reached at Destination Hub', 'Reached at Destination'], status: 'shipped' },
  { id: 39, words: ['Misrouted'], status: null },
  { id: 40, words: ['RTO_NDR', 'RTO NDR'], status: 'undelivered' },
  { id: 41, words: ['RTO_OFD', 'RTO OFD'], status: 'undelivered' },
  { id: 42, words: ['Picked Up'], status: 'shipped' },
  { id: 43, words: ['Self Fulfilled'], status: null },
  { id: 44, words: ['Disposed Off'], status: null },
  { id: 45, words: ['Cancelled_Before_Dispatched'], status: 'cancelled' },
  { id: 46, words: ['RTO In Transit', 'RTO In Intransit'], status: 'undelivered' },
  { id: 52, words: ['Shipment Booked'], status: 'booked' },
  { id: 76, words: ['Untraceable'], status: null },
  { id: 77, words: ['Issue_Related_To_The_Recipient'], status: null },
  { id: 78, words: ['Reached_Back_At_Seller_City'], status: 'undelivered' },
];

type StatusEntry = (typeof SHIPROCKET_STATUSES)[number];
const normaliseWords = (words: string) =>
  words
    .toUpperCase()
    .replace(/[\s_\-/]+/g, ' ')
    .trim();
const BY_WORDS = new Map(
  SHIPROCKET_STATUSES.flatMap((s) => s.words.map((w) => [normaliseWords(w), s] as const)),
);
const BY_ID = new Map(SHIPROCKET_STATUSES.map((s) => [s.id, s] as const));

function statusEntry(said: { id?: number | string | null; words?: string | null }): StatusEntry | undefined {
  // Words first: the docs' own webhook sample says "IN TRANSIT" with current_status_id 20, which the
  // table calls Pickup Exception; its words and shipment_status_id (18) agree with the table.
  const byWords = said.words ? BY_WORDS.get(normaliseWords(said.words)) : undefined;
  if (byWords) return byWords;
  const id = typeof said.id === 'string' && /^\d+$/.test(said.id.trim()) ? Number(said.id) : said.id;
  return typeof id === 'number' ? BY_ID.get(id) : undefined;
}

/** Shiprocket's status words or code → ours (SHIPROCKET_STATUSES); anything else → null. */
export const shiprocketStatus: CourierStatusMap = (said) => statusEntry(said)?.status ?? null;

// ---------------------------------------------------------------------------------------------------
// Shiprocket's answers, read as loosely as its docs are written: ids come as numbers or strings.

const idText = z.union([z.number(), z.string()]).transform((v) => String(v).trim());
const numericId = z.coerce.number().int().positive();
const optionalText = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? '' : String(v).trim()));

const LoginReply = z.object({ token: z.string().min(1) });

const OrdersPage = z.object({
  data: z
    .array(
      z.object({
        id: numericId,
        channel_order_id: idText,
        status: optionalText,
        shipments: z
          .array(z.object({ id: numericId, awb: optionalText, courier: optionalText }))
          .nullish()
          .transform((s) => s ?? []),
      }),
    )
    .nullish()
    .transform((d) => d ?? []),
  meta: z
    .object({ pagination: z.object({ total_pages: z.number().int() }).partial().nullish() })
    .partial()
    .nullish(),
});

const CreateReply = z.object({
  order_id: numericId,
  shipment_id: numericId,
  awb_code: optionalText,
  courier_name: optionalText,
});

const AssignReply = z.object({
  awb_assign_status: z.coerce.number(),
  response: z
    .object({
      data: z
        .object({ awb_code: optionalText, courier_name: optionalText, awb_assign_error: optionalText })
        .partial()
        .nullish(),
    })
    .partial()
    .nullish(),
});

const LabelReply = z.object({ label_created: z.coerce.number().optional(), label_url: optionalText });
const PickupReply = z.object({ pickup_status: z.coerce.number() });

const Activity = z.object({
  date: z.string(),
  status: optionalText,
  activity: optionalText,
  location: optionalText,
  'sr-status': optionalText,
  'sr-status-label': optionalText,
});
const TrackReply = z.object({
  tracking_data: z.object({
    track_status: z.coerce.number().optional(),
    shipment_track_activities: z
      .array(Activity)
      .nullish()
      .transform((a) => a ?? []),
    etd: optionalText,
  }),
});

// ---------------------------------------------------------------------------------------------------

function messageOf(reply: unknown): string {
  if (typeof reply === 'string') return reply.trim() ? `: ${reply.trim().slice(0, 200)}` : '';
  if (!reply || typeof reply !== 'object') return '';
  const { message, errors } = reply as { message?: unknown; errors?: unknown };
  const details =
    errors && typeof errors === 'object'
      ? Object.entries(errors)
          .map(([field, said]) => `${field}: ${[said].flat().map(String).join(' ')}`)
          .join('; ')
      : '';
  const words = typeof message === 'string' ? message : '';
  return words || details ? `: ${[words, details && `(${details})`].filter(Boolean).join(' ')}` : '';
}

function parse<T>(schema: z.ZodType<T>, reply: unknown, what: string): T {
  const read = schema.safeParse(reply);
  if (read.success) return read.data;
  throw new RetryableCourierError(
    `Shiprocket answered ${what} with a body we cannot read${messageOf(reply)}`,
  );
}

function fromIst(parts: (string | undefined)[]): string | null {
  const [y, mo, d, h, mi, s] = parts.map((p) => Number(p ?? 0));
  const ms = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
  const back = new Date(ms);
  // Date.UTC carries an impossible day or month over; such a date is not one.
  if (back.getUTCMonth() !== mo! - 1 || back.getUTCDate() !== d! || h! > 23 || mi! > 59 || s! > 59)
    return null;
  return new Date(ms - IST_MS).toISOString();
}

/** A Shiprocket time as ISO: "2022-07-19 11:37:00" (its tracking) or "23 05 2023 11:43:52" (its webhook), India's time. */
export function shiprocketTime(text: string): string | null {
  const t = text.trim();
  const ymd = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?$/.exec(t);
  if (ymd) return fromIst(ymd.slice(1));
  const dmy = /^(\d{2})[ -/](\d{2})[ -/](\d{4}) (\d{2}):(\d{2})(?::(\d{2}))?$/.exec(t);
  if (dmy) return fromIst([dmy[3], dmy[2], dmy[1], dmy[4], dmy[5], dmy[6]]);
  // An ISO time with its zone says which time it is.
  if (/^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/.test(t) && !Number.isNaN(Date.parse(t)))
    return new Date(t).toISOString();
  return null;
}

/** The day of Shiprocket's `etd` ("2022-07-20 19:28:00"), or null ("NA", empty). */
const expectedDay = (etd: string) => /^(\d{4}-\d{2}-\d{2})\b/.exec(etd.trim())?.[1] ?? null;

/** Shiprocket's order_date: "yyyy-mm-dd, time additional", in India's time. */
function orderDate(iso: string): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) throw new PermanentCourierError(`the order date "${iso}" is not a date`);
  return new Date(t + IST_MS).toISOString().slice(0, 16).replace('T', ' ');
}

/** Shiprocket wants the 10-digit Indian number: +91 98200 12345 and 098200 12345 are 9820012345. */
function tenDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 12 && digits.startsWith('91')) return digits.slice(2);
  if (digits.length === 11 && digits.startsWith('0')) return digits.slice(1);
  return digits;
}

/** The body of `orders/create/adhoc`. */
export function shiprocketOrder(parcel: ParcelToBook, pickupLocation: string) {
  const goodsAndShipping = parcel.subTotalRupees + parcel.shippingRupees;
  // What the courier collects on a COD parcel is the order's total, which the API does not add up
  // itself ("the total is not calculated automatically"): the COD fee goes in as a transaction charge,
  // anything less than goods and shipping as a discount, so that the parts add up to codAmountRupees.
  const codDifference = parcel.payment === 'cod' ? parcel.codAmountRupees - goodsAndShipping : 0;
  return {
    order_id: parcel.reference,
    order_date: orderDate(parcel.orderDate),
    pickup_location: parcel.pickupLocation || pickupLocation,
    billing_customer_name: parcel.shipTo.name,
    billing_last_name: '',
    billing_address: parcel.shipTo.street,
    billing_city: parcel.shipTo.city,
    billing_pincode: parcel.shipTo.pinCode,
    billing_state: parcel.shipTo.state,
    billing_country: 'India',
    billing_email: parcel.shipTo.email,
    billing_phone: tenDigits(parcel.shipTo.phone),
    shipping_is_billing: true,
    order_items: parcel.items.map((item) => ({
      name: item.name,
      sku: item.sku,
      units: item.units,
      selling_price: item.sellingPriceRupees,
      discount: 0,
      // The docs call it "tax" and show a bare number; Shiprocket's panel asks for the GST rate in %.
      tax: item.taxPercent ?? '',
      hsn: item.hsn ?? '',
    })),
    payment_method: parcel.payment === 'cod' ? 'COD' : 'Prepaid',
    shipping_charges: parcel.shippingRupees,
    giftwrap_charges: 0,
    transaction_charges: Math.max(0, codDifference),
    total_discount: Math.max(0, -codDifference),
    sub_total: parcel.subTotalRupees,
    length: parcel.lengthCm,
    breadth: parcel.breadthCm,
    height: parcel.heightCm,
    // Shiprocket weighs in kg.
    weight: Math.round(parcel.weightGrams) / 1000,
  };
}

interface HeldOrder {
  orderId: number;
  shipmentId: number;
  awb: string;
  courierName: string;
  cancelled: boolean;
}

/** Shiprocket behind `Courier`: see the module comment and decision 041. */
export function createShiprocket(config: ShiprocketConfig): Courier {
  const base = config.baseUrl.replace(/\/+$/, '');
  const doFetch = config.fetch ?? fetch;
  const timeoutMs = config.timeoutMs ?? TIMEOUT_MS;
  const now = config.now ?? Date.now;
  const log = config.log ?? (() => {});
  let token: { value: string; at: number } | undefined;
  let loggingIn: Promise<string> | undefined;

  /** One HTTP exchange; only what never reached an answer is thrown here. */
  async function send(method: 'GET' | 'POST', path: string, body: unknown, bearer?: string) {
    const what = `${method} ${path.split('?')[0]}`;
    try {
      const res = await doFetch(`${base}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await res.text();
      let reply: unknown = text;
      try {
        reply = JSON.parse(text);
      } catch {
        // kept as text: a gateway's error page says what happened
      }
      // A 200 whose body carries an error status has been seen from Shiprocket; read it as that status.
      const said = (reply as { status_code?: unknown } | null)?.status_code;
      const status = res.ok && typeof said === 'number' && said >= 400 ? said : res.status;
      return { status, reply, what };
    } catch (err) {
      const why =
        err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')
          ? `no answer within ${timeoutMs} ms`
          : err instanceof Error
            ? err.message
            : String(err);
      throw new RetryableCourierError(`Shiprocket ${what}: ${why}`, { cause: err });
    }
  }

  function failure(status: number, reply: unknown, what: string): Error {
    const said = `Shiprocket answered ${status} to ${what}${messageOf(reply)}`;
    return status === 429 || status >= 500
      ? new RetryableCourierError(said)
      : new PermanentCourierError(said);
  }

  async function login(): Promise<string> {
    const at = now();
    const { status, reply, what } = await send('POST', LOGIN, {
      email: config.email,
      password: config.password,
    });
    if (status < 200 || status > 299) {
      const error = failure(status, reply, what);
      throw error instanceof PermanentCourierError
        ? new PermanentCourierError(`${error.message} (check the Shiprocket API user's email and password)`)
        : error;
    }
    token = { value: parse(LoginReply, reply, 'the login').token, at };
    return token.value;
  }

  /** The cached token while under 9 days old; one login at a time per instance. */
  function currentToken(): Promise<string> {
    if (token && now() - token.at < TOKEN_REFRESH_MS) return Promise.resolve(token.value);
    return (loggingIn ??= login().finally(() => {
      loggingIn = undefined;
    }));
  }

  /** An authenticated call: on a 401 the token is dropped, and the call made once more after a new login. */
  async function api(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    let used = await currentToken();
    let answer = await send(method, path, body, used);
    if (answer.status === 401) {
      if (token?.value === used) token = undefined;
      used = await currentToken();
      answer = await send(method, path, body, used);
    }
    if (answer.status >= 200 && answer.status <= 299) return answer.reply;
    throw failure(answer.status, answer.reply, answer.what);
  }

  /** The order Shiprocket holds under our reference (its channel order id, matched exactly), if any. */
  async function findOrder(reference: string): Promise<HeldOrder | null> {
    for (let page = 1; page <= SEARCH_MAX_PAGES; page++) {
      const query = new URLSearchParams({
        search: reference,
        page: String(page),
        per_page: String(SEARCH_PER_PAGE),
      });
      const found = parse(OrdersPage, await api('GET', `${ORDERS}?${query}`), 'the orders search');
      const order = found.data.find((o) => o.channel_order_id === reference);
      if (order) {
        const shipment = order.shipments[0];
        if (!shipment)
          throw new PermanentCourierError(
            `Shiprocket holds order ${reference} (${order.id}) without a shipment`,
          );
        return {
          orderId: order.id,
          shipmentId: shipment.id,
          awb: shipment.awb,
          courierName: shipment.courier,
          cancelled: /^CANCEL+ED$/.test(normaliseWords(order.status)),
        };
      }
      if (page >= (found.meta?.pagination?.total_pages ?? 1)) return null;
    }
    return null;
  }

  /**
   * Finds the order again after a refusal: Shiprocket has no idempotency key, and an order that went
   * through while its answer was lost (or that another caller made meanwhile) may be refused as a
   * duplicate. What the refusal looks like is not documented, so any refusal is checked.
   */
  async function recheck<T>(
    err: unknown,
    reference: string,
    usable: (held: HeldOrder) => T | null,
  ): Promise<T> {
    if (!(err instanceof PermanentCourierError)) throw err;
    const held = await findOrder(reference);
    const use = held && usable(held);
    if (!use) throw err;
    return use;
  }

  async function createOrder(parcel: ParcelToBook): Promise<HeldOrder> {
    try {
      const created = parse(
        CreateReply,
        await api('POST', CREATE_ORDER, shiprocketOrder(parcel, config.pickupLocation)),
        'the new order',
      );
      return {
        orderId: created.order_id,
        shipmentId: created.shipment_id,
        awb: created.awb_code,
        courierName: created.courier_name,
        cancelled: false,
      };
    } catch (err) {
      return recheck(err, parcel.reference, (held) => held);
    }
  }

  async function assignAwb(
    reference: string,
    order: HeldOrder,
  ): Promise<{ awb: string; courierName: string }> {
    try {
      const assigned = parse(
        AssignReply,
        await api('POST', ASSIGN_AWB, { shipment_id: order.shipmentId }),
        'the AWB',
      );
      const data = assigned.response?.data;
      if (assigned.awb_assign_status === 1 && data?.awb_code)
        return { awb: data.awb_code, courierName: data.courier_name ?? '' };
      // Answered, but no AWB: no courier serves the PIN, the wallet is empty… A person must act.
      throw new PermanentCourierError(
        `Shiprocket assigned no AWB to shipment ${order.shipmentId}${data?.awb_assign_error ? `: ${data.awb_assign_error}` : ''}`,
      );
    } catch (err) {
      return recheck(err, reference, (held) =>
        held.awb ? { awb: held.awb, courierName: held.courierName || order.courierName } : null,
      );
    }
  }

  /** The pickup and the label, after the AWB: their failures are logged, never thrown. */
  async function afterAwb(order: HeldOrder, awb: string): Promise<string | null> {
    const ids = { shipment_id: [order.shipmentId] };
    try {
      const pickup = PickupReply.safeParse(await api('POST', PICKUP, ids));
      if (!pickup.success || pickup.data.pickup_status !== 1)
        log(`Shiprocket did not confirm the pickup of AWB ${awb}: request it in the Shiprocket panel`);
    } catch (err) {
      // Already asked for by an earlier attempt, or Shiprocket is down: the parcel is booked either way.
      log(`Shiprocket pickup for AWB ${awb} failed: ${(err as Error).message}`);
    }
    try {
      const label = LabelReply.safeParse(await api('POST', LABEL, ids));
      if (label.success && label.data.label_url) return label.data.label_url;
      log(`Shiprocket made no label for AWB ${awb}`);
    } catch (err) {
      log(`Shiprocket label for AWB ${awb} failed: ${(err as Error).message}`);
    }
    return null;
  }

  return {
    name: 'shiprocket',

    async book(parcel) {
      // Search before create: Shiprocket takes no idempotency key, and a create whose answer was lost
      // (a timeout) may have gone through. The same reference finds that order and its AWB.
      const order = (await findOrder(parcel.reference)) ?? (await createOrder(parcel));
      if (order.cancelled)
        throw new PermanentCourierError(
          `Shiprocket holds order ${parcel.reference} as cancelled and refuses a new one with the same id: book it under a new reference`,
        );
      const { awb, courierName } = order.awb
        ? { awb: order.awb, courierName: order.courierName }
        : await assignAwb(parcel.reference, order);
      const labelUrl = await afterAwb(order, awb);
      const booking: Booking = {
        externalOrderId: String(order.orderId),
        externalShipmentId: String(order.shipmentId),
        awb,
        courierName,
        trackingUrl: shiprocketTrackingUrl(awb),
        labelUrl,
      };
      return booking;
    },

    async track(awb) {
      const reply = parse(
        TrackReply,
        await api('GET', `${TRACK_AWB}${encodeURIComponent(awb)}`),
        'the tracking request',
      ).tracking_data;
      // track_status 0 ("no activities found in our DB"): nothing yet, which is no error.
      const expectedDelivery = expectedDay(reply.etd);
      const seen = new Set<string>();
      const updates: TrackingUpdate[] = [];
      // Shiprocket lists the newest first; reversed, a stable sort keeps its order among equal times.
      for (const activity of [...reply.shipment_track_activities].reverse()) {
        const entry = statusEntry({ words: activity['sr-status-label'], id: activity['sr-status'] });
        const at = shiprocketTime(activity.date);
        if (!entry?.status || !at) continue;
        const eventId = `${awb}:${entry.id}:${at}`;
        if (seen.has(eventId)) continue;
        seen.add(eventId);
        updates.push({
          awb,
          status: entry.status,
          at,
          location: placeOf(activity.location),
          description: activity.activity || activity['sr-status-label'] || entry.words[0]!,
          eventId,
          expectedDelivery,
        });
      }
      return updates.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
    },
  };
}

const placeOf = (location: string) => (location && location.toUpperCase() !== 'NA' ? location : null);

// ---------------------------------------------------------------------------------------------------
// The tracking webhook (Settings → API → Webhooks in Shiprocket's panel).

/** A webhook call we do not take: `statusCode` is the HTTP answer (401 wrong token, 400 not a tracking event). */
export class WebhookRefused extends Error {
  override name = 'WebhookRefused';
  readonly statusCode: 400 | 401;
  constructor(statusCode: 400 | 401, message: string) {
    super(message);
    this.statusCode = statusCode;
  }
}

const Scan = z.object({
  date: z.string(),
  activity: optionalText,
  location: optionalText,
  'sr-status': optionalText,
  'sr-status-label': optionalText,
});

/** The fields of Shiprocket's documented sample that we read; others (pod, qc_image…) are let through unread. */
const WebhookBody = z.object({
  awb: z.union([z.string().trim().min(1), z.number().int().nonnegative()]).transform(String),
  courier_name: optionalText,
  current_status: z.string().trim().min(1),
  current_status_id: z.union([z.number(), z.string()]).nullish(),
  shipment_status: optionalText,
  shipment_status_id: z.union([z.number(), z.string()]).nullish(),
  current_timestamp: z.string().min(1),
  order_id: optionalText,
  sr_order_id: z.union([z.number(), z.string()]).nullish(),
  etd: optionalText,
  scans: z
    .array(Scan)
    .nullish()
    .transform((s) => s ?? []),
});

function sameSecret(given: string, expected: string): boolean {
  // Digests have equal lengths, so timingSafeEqual compares them whatever was sent.
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * A call to our Shiprocket webhook, checked and read. Shiprocket sends the token the owner typed in its
 * panel in an `x-api-key` header (it signs nothing); without a configured token every call is refused.
 * Returns null for a tracking event whose status we do not act on (SHIPROCKET_STATUSES): the route must
 * still answer 200, because Shiprocket expects a 200 and nothing else.
 */
export function parseShiprocketWebhook(
  headers: Record<string, string | string[] | undefined>,
  body: unknown,
  expectedToken: string,
): TrackingUpdate | null {
  const key = Object.entries(headers).find(([name]) => name.toLowerCase() === 'x-api-key')?.[1];
  if (!expectedToken || typeof key !== 'string' || !sameSecret(key, expectedToken))
    throw new WebhookRefused(401, 'the x-api-key header does not carry the Shiprocket webhook token');

  let json = body;
  if (typeof body === 'string' || Buffer.isBuffer(body)) {
    try {
      json = JSON.parse(body.toString());
    } catch {
      throw new WebhookRefused(400, 'the body is not JSON');
    }
  }
  const read = WebhookBody.safeParse(json);
  if (!read.success)
    throw new WebhookRefused(
      400,
      `not a Shiprocket tracking event: ${read.error.issues.map((i) => `${i.path.join('.') || 'body'} ${i.message}`).join('; ')}`,
    );
  const event = read.data;
  const at = shiprocketTime(event.current_timestamp);
  if (!at) throw new WebhookRefused(400, `current_timestamp "${event.current_timestamp}" is not a time`);

  const entry =
    statusEntry({ words: event.current_status }) ??
    statusEntry({ words: event.shipment_status, id: event.shipment_status_id });
  if (!entry?.status) return null;
  const latestScan = event.scans
    .map((scan) => ({ scan, at: shiprocketTime(scan.date) ?? '' }))
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))
    .at(-1)?.scan;
  return {
    awb: event.awb,
    status: entry.status,
    at,
    location: placeOf(latestScan?.location ?? ''),
    description: event.current_status,
    // The same id a poll of track/awb gives the same scan, when Shiprocket's two clocks agree.
    eventId: `${event.awb}:${entry.id}:${at}`,
    expectedDelivery: expectedDay(event.etd),
  };
}
