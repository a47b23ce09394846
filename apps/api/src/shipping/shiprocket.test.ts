import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startShiprocketStandIn,
  type ShiprocketStandIn,
  type StandInActivity,
} from '../../test/shiprocket-stand-in.ts';
import { PermanentCourierError, RetryableCourierError, type ParcelToBook } from './courier.ts';
import {
  createShiprocket,
  parseShiprocketWebhook,
  shiprocketOrder,
  shiprocketStatus,
  shiprocketTime,
  WebhookRefused,
  type ShiprocketConfig,
} from './shiprocket.ts';

const LOGIN = '/v1/external/auth/login';
const ORDERS = '/v1/external/orders';
const CREATE = '/v1/external/orders/create/adhoc';
const ASSIGN = '/v1/external/courier/assign/awb';
const PICKUP = '/v1/external/courier/generate/pickup';
const LABEL = '/v1/external/courier/generate/label';
const TRACK = (awb: string) => `/v1/external/courier/track/awb/${awb}`;

async function until<T>(probe: () => T | undefined, what: string, timeoutMs = 10_000): Promise<T> {
  for (const deadline = Date.now() + timeoutMs; ;) {
    const found = probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let standIn: ShiprocketStandIn;
let logs: string[];
beforeAll(async () => {
  // Held past the 250 ms the timeout tests give the client.
  standIn = await startShiprocketStandIn({ holdMs: 800 });
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.requests.length = 0;
  logs = [];
});

const courier = (config: Partial<ShiprocketConfig> = {}) =>
  createShiprocket({
    baseUrl: standIn.url,
    email: standIn.email,
    password: standIn.password,
    pickupLocation: 'Primary',
    timeoutMs: 5_000,
    log: (msg) => logs.push(msg),
    ...config,
  });

let nextOrder = 100;
const parcel = (overrides: Partial<ParcelToBook> = {}): ParcelToBook => {
  const orderId = ++nextOrder;
  return {
    reference: `ORD-${orderId}`,
    orderId,
    orderDate: '2025-11-26T13:00:00.000Z',
    pickupLocation: '',
    shipTo: {
      name: 'Asha Rao',
      phone: '+91 98200 12345',
      email: 'asha@example.com',
      street: '12 MG Road, Indiranagar',
      city: 'Bengaluru',
      state: 'Karnataka',
      pinCode: '560038',
    },
    items: [
      {
        name: 'Kanjivaram silk saree',
        sku: 'KS-RED-01',
        units: 1,
        sellingPriceRupees: 2400,
        hsn: '5007',
        taxPercent: 5,
      },
      { name: 'Blouse piece', sku: 'BP-01', units: 2, sellingPriceRupees: 25, hsn: null, taxPercent: null },
    ],
    payment: 'cod',
    codAmountRupees: 2560,
    subTotalRupees: 2450,
    shippingRupees: 60,
    weightGrams: 750,
    lengthCm: 30,
    breadthCm: 25,
    heightCm: 5,
    ...overrides,
  };
};
const ofReference = (reference: string) => standIn.orders().filter((o) => o.channelOrderId === reference);
const createsOf = (reference: string) =>
  standIn.requestsTo(CREATE).filter((r) => (r.body as { order_id?: string }).order_id === reference);

describe('logging in to Shiprocket', () => {
  it('logs in once with the API user and sends its token on every call', async () => {
    const sr = courier();
    const booking = await sr.book(parcel());
    await sr.track(booking.awb);
    const logins = standIn.requestsTo(LOGIN);
    expect(logins).toHaveLength(1);
    expect(logins[0]!.body).toEqual({ email: standIn.email, password: standIn.password });
    const token = /sr-test-token-\d+/.exec(JSON.stringify(standIn.requests))?.[0];
    for (const req of standIn.requests.filter((r) => r.path !== LOGIN))
      expect(req.headers.authorization).toBe(`Bearer ${token}`);
  });

  it('asks for a new token once the one it holds is 9 days old', async () => {
    let now = Date.parse('2025-11-01T00:00:00Z');
    const sr = courier({ now: () => now });
    const { awb } = await sr.book(parcel());
    now += 9 * 24 * 60 * 60 * 1000 - 1;
    await sr.track(awb);
    expect(standIn.requestsTo(LOGIN)).toHaveLength(1);
    now += 1;
    await sr.track(awb);
    expect(standIn.requestsTo(LOGIN)).toHaveLength(2);
  });

  it('logs in again once when Shiprocket answers 401, and makes the call again', async () => {
    const sr = courier();
    const { awb } = await sr.book(parcel());
    standIn.requests.length = 0;
    standIn.expireTokens();
    await expect(sr.track(awb)).resolves.toEqual([]);
    expect(standIn.requests.map((r) => r.path)).toEqual([TRACK(awb), LOGIN, TRACK(awb)]);
    expect(standIn.requests[0]!.headers.authorization).not.toBe(standIn.requests[2]!.headers.authorization);
  });

  it('gives up, permanently, on a 401 that a new login does not mend', async () => {
    standIn.failNext(TRACK('999'), { status: 401, message: 'Unauthorized' });
    standIn.failNext(TRACK('999'), { status: 401, message: 'Unauthorized' });
    const tracked = courier().track('999');
    await expect(tracked).rejects.toThrow(PermanentCourierError);
    await expect(tracked).rejects.toThrow(
      'Shiprocket answered 401 to GET /v1/external/courier/track/awb/999: Unauthorized',
    );
    expect(standIn.requestsTo(LOGIN)).toHaveLength(2);
  });

  it('makes a refused login permanent, naming what to check', async () => {
    const booked = courier({ password: 'wrong' }).book(parcel());
    await expect(booked).rejects.toThrow(PermanentCourierError);
    await expect(booked).rejects.toThrow(
      'Shiprocket answered 400 to POST /v1/external/auth/login: Invalid email and password combination',
    );
    expect(standIn.requests.map((r) => r.path)).toEqual([LOGIN]);
  });
});

describe('booking a parcel', () => {
  it('creates one order, assigns an AWB, asks for the pickup and the label, and says where to track it', async () => {
    const p = parcel();
    const booking = await courier().book(p);
    const [held] = ofReference(p.reference);
    expect(ofReference(p.reference)).toHaveLength(1);
    expect(booking).toEqual({
      externalOrderId: String(held!.id),
      externalShipmentId: String(held!.shipmentId),
      awb: held!.awb,
      courierName: 'Delhivery Surface',
      trackingUrl: `https://shiprocket.co/tracking/${held!.awb}`,
      labelUrl: expect.stringContaining(`shipping-label-${held!.shipmentId}-${held!.awb}.pdf`),
    });
    expect(held!.pickupRequested).toBe(true);
    expect(standIn.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST ${LOGIN}`,
      `GET ${ORDERS}`,
      `POST ${CREATE}`,
      `POST ${ASSIGN}`,
      `POST ${PICKUP}`,
      `POST ${LABEL}`,
    ]);
    expect(standIn.requestsTo(ORDERS)[0]!.query).toMatchObject({ search: p.reference });
    expect(standIn.requestsTo(ASSIGN)[0]!.body).toEqual({ shipment_id: held!.shipmentId });
    expect(standIn.requestsTo(PICKUP)[0]!.body).toEqual({ shipment_id: [held!.shipmentId] });
    expect(standIn.requestsTo(LABEL)[0]!.body).toEqual({ shipment_id: [held!.shipmentId] });
    expect(held!.created).toMatchObject({
      order_id: p.reference,
      // 13:00 UTC is 18:30 in India.
      order_date: '2025-11-26 18:30',
      pickup_location: 'Primary',
      billing_customer_name: 'Asha Rao',
      billing_address: '12 MG Road, Indiranagar',
      billing_city: 'Bengaluru',
      billing_pincode: '560038',
      billing_state: 'Karnataka',
      billing_country: 'India',
      billing_email: 'asha@example.com',
      billing_phone: '9820012345',
      shipping_is_billing: true,
      order_items: [
        {
          name: 'Kanjivaram silk saree',
          sku: 'KS-RED-01',
          units: 1,
          selling_price: 2400,
          discount: 0,
          tax: 5,
          hsn: '5007',
        },
        { name: 'Blouse piece', sku: 'BP-01', units: 2, selling_price: 25, discount: 0, tax: '', hsn: '' },
      ],
      payment_method: 'COD',
      shipping_charges: 60,
      // The COD fee: 2560 collected = 2450 goods + 60 shipping + 50.
      transaction_charges: 50,
      total_discount: 0,
      sub_total: 2450,
      length: 30,
      breadth: 25,
      height: 5,
      weight: 0.75,
    });
  });

  it('books the same reference again without a second order or AWB', async () => {
    const p = parcel();
    const sr = courier();
    const first = await sr.book(p);
    const again = await sr.book(p);
    expect(again).toEqual(first);
    expect(ofReference(p.reference)).toHaveLength(1);
    expect(createsOf(p.reference)).toHaveLength(1);
    expect(standIn.requestsTo(ASSIGN)).toHaveLength(1);
    // The second pickup is refused (already asked for), which leaves the booking as it was.
    expect(logs).toEqual([expect.stringContaining('Already in Pickup Queue')]);
  });

  it('books once when the create timed out but Shiprocket made the order: the retry finds it', async () => {
    const p = parcel();
    const sr = courier({ timeoutMs: 250 });
    const awbsBefore = standIn.awbsAssigned();
    standIn.failNext(CREATE, 'timeout');
    const lost = sr.book(p);
    await expect(lost).rejects.toThrow(RetryableCourierError);
    await expect(lost).rejects.toThrow(`Shiprocket POST ${CREATE}: no answer within 250 ms`);
    await until(() => standIn.order(p.reference), 'the stand-in to make the order it was slow to answer');

    const booking = await sr.book(p);
    expect(ofReference(p.reference)).toHaveLength(1);
    expect(createsOf(p.reference)).toHaveLength(1);
    expect(standIn.awbsAssigned()).toBe(awbsBefore + 1);
    expect(booking.awb).toBe(standIn.order(p.reference)!.awb);
    expect(booking.externalOrderId).toBe(String(standIn.order(p.reference)!.id));
  });

  it('keeps the AWB Shiprocket assigned while its answer was lost', async () => {
    const p = parcel();
    const sr = courier({ timeoutMs: 250 });
    const awbsBefore = standIn.awbsAssigned();
    standIn.failNext(ASSIGN, 'timeout');
    await expect(sr.book(p)).rejects.toThrow(RetryableCourierError);
    const awb = await until(() => standIn.order(p.reference)?.awb ?? undefined, 'the late AWB');

    const booking = await sr.book(p);
    expect(booking.awb).toBe(awb);
    expect(standIn.awbsAssigned()).toBe(awbsBefore + 1);
    expect(createsOf(p.reference)).toHaveLength(1);
  });

  it('matches the reference exactly, not the orders a loose search also lists', async () => {
    const sr = courier();
    const near = parcel({ reference: 'SR-EXACT-10' });
    await sr.book(near);
    const booking = await sr.book(parcel({ reference: 'SR-EXACT-1' }));
    expect(standIn.requestsTo(ORDERS).at(-1)!.query.search).toBe('SR-EXACT-1');
    expect(ofReference('SR-EXACT-1')).toHaveLength(1);
    expect(booking.awb).not.toBe(standIn.order('SR-EXACT-10')!.awb);
  });

  it('makes a refused order (422) permanent, with Shiprocket’s words, and assigns nothing', async () => {
    const p = parcel({ pickupLocation: 'Nowhere' });
    const booked = courier().book(p);
    await expect(booked).rejects.toThrow(PermanentCourierError);
    await expect(booked).rejects.toThrow(
      `Shiprocket answered 422 to POST ${CREATE}: Wrong Pickup location entered. Please choose one location from data given`,
    );
    expect(ofReference(p.reference)).toHaveLength(0);
    expect(standIn.requestsTo(ASSIGN)).toHaveLength(0);
  });

  it('names the fields Shiprocket found missing', async () => {
    const booked = courier().book(parcel({ items: [] }));
    await expect(booked).rejects.toThrow(
      'Shiprocket answered 422 to POST /v1/external/orders/create/adhoc: Oops! Invalid Data. (order_items: The order items field is required.)',
    );
  });

  it.each([
    [500, 'Internal Server Error'],
    [502, 'Bad Gateway'],
    [429, 'Too Many Attempts.'],
  ])('leaves a %i to the retries, and the retry books once', async (status, message) => {
    const p = parcel();
    const sr = courier();
    standIn.failNext(CREATE, { status, message });
    const booked = sr.book(p);
    await expect(booked).rejects.toThrow(RetryableCourierError);
    await expect(booked).rejects.toThrow(`Shiprocket answered ${status} to POST ${CREATE}: ${message}`);
    await sr.book(p);
    expect(ofReference(p.reference)).toHaveLength(1);
  });

  it('leaves an unreachable Shiprocket to the retries', async () => {
    const closed = await startShiprocketStandIn();
    await closed.close();
    const booked = courier({ baseUrl: closed.url }).book(parcel());
    await expect(booked).rejects.toThrow(RetryableCourierError);
  });

  it('keeps the booking when the pickup and the label fail after the AWB', async () => {
    const p = parcel();
    standIn.failNext(PICKUP, { status: 500 });
    standIn.failNext(LABEL, { status: 503 });
    const booking = await courier().book(p);
    expect(booking.awb).toBe(standIn.order(p.reference)!.awb);
    expect(booking.labelUrl).toBeNull();
    expect(booking.trackingUrl).toBe(`https://shiprocket.co/tracking/${booking.awb}`);
    expect(logs).toEqual([
      expect.stringContaining(`Shiprocket pickup for AWB ${booking.awb} failed: Shiprocket answered 500`),
      expect.stringContaining(`Shiprocket label for AWB ${booking.awb} failed: Shiprocket answered 503`),
    ]);
  });

  it('refuses, permanently, a reference Shiprocket holds as cancelled', async () => {
    const p = parcel();
    const sr = courier();
    await sr.book(p);
    standIn.order(p.reference)!.status = 'CANCELED';
    await expect(sr.book(p)).rejects.toThrow(
      new PermanentCourierError(
        `Shiprocket holds order ${p.reference} as cancelled and refuses a new one with the same id: book it under a new reference`,
      ),
    );
  });

  it('sends a prepaid parcel with nothing to collect', () => {
    const body = shiprocketOrder(parcel({ payment: 'prepaid', codAmountRupees: 0 }), 'Primary');
    expect(body).toMatchObject({
      payment_method: 'Prepaid',
      sub_total: 2450,
      shipping_charges: 60,
      transaction_charges: 0,
      total_discount: 0,
    });
  });
});

describe('tracking a parcel', () => {
  // The scans of Shiprocket's documented example, oldest first, with a code nobody knows.
  const scans: StandInActivity[] = [
    {
      date: '2022-07-18 09:51:00',
      status: 'DRC',
      activity: 'Pending Manifest Data Received',
      location: 'RTO/CHD, BANGALORE, KARNATAKA',
      'sr-status': 'NA',
      'sr-status-label': 'NA',
    },
    {
      date: '2022-07-18 10:04:00',
      status: 'OFP',
      activity: 'Out for Pickup ',
      location: 'RTO/CHD, BANGALORE, KARNATAKA',
      'sr-status': '19',
      'sr-status-label': 'OUT FOR PICKUP',
    },
    {
      date: '2022-07-18 13:50:00',
      status: 'PUD',
      activity: 'PickDone',
      location: 'RTO/CHD, BANGALORE, KARNATAKA',
      'sr-status': '42',
      'sr-status-label': 'PICKED UP',
    },
    {
      date: '2022-07-18 20:28:00',
      status: 'PKD',
      activity: 'Picked Shipment InScan from Manifest',
      location: 'BLR/FC1, BANGALORE, KARNATAKA',
      'sr-status': '6',
      'sr-status-label': 'SHIPPED',
    },
    {
      date: '2022-07-18 21:02:00',
      status: 'IT',
      activity: 'InTransit Shipment added in Bag nxbg03894488',
      location: 'BLR/FC1, BANGALORE, KARNATAKA',
      'sr-status': '18',
    },
    {
      date: '2022-07-19 07:00:00',
      status: 'XX',
      activity: 'Something new',
      location: 'NA',
      'sr-status': '999',
      'sr-status-label': 'SOMETHING NEW',
    },
    {
      date: '2022-07-19 08:57:00',
      status: 'OFD',
      activity: 'Out for Delivery',
      location: 'MADANPALLI, Madanapalli, ANDHRA PRADESH',
      'sr-status': '17',
      'sr-status-label': 'OUT FOR DELIVERY',
    },
    {
      date: '2022-07-19 11:37:00',
      status: 'DLVD',
      activity: 'Delivered',
      location: 'MADANPALLI, Madanapalli, ANDHRA PRADESH',
      'sr-status': '7',
      'sr-status-label': 'DELIVERED',
    },
  ];

  it('maps every scan it knows to our statuses, oldest first, and leaves the others out', async () => {
    const sr = courier();
    const { awb } = await sr.book(parcel());
    for (const scan of scans) standIn.pushActivity(awb, scan);
    standIn.setEtd(awb, '2022-07-20 19:28:00');
    const updates = await sr.track(awb);
    expect(updates.map((u) => [u.status, u.at, u.description])).toEqual([
      ['booked', '2022-07-18T04:34:00.000Z', 'Out for Pickup'],
      ['shipped', '2022-07-18T08:20:00.000Z', 'PickDone'],
      ['shipped', '2022-07-18T14:58:00.000Z', 'Picked Shipment InScan from Manifest'],
      ['shipped', '2022-07-18T15:32:00.000Z', 'InTransit Shipment added in Bag nxbg03894488'],
      ['out_for_delivery', '2022-07-19T03:27:00.000Z', 'Out for Delivery'],
      ['delivered', '2022-07-19T06:07:00.000Z', 'Delivered'],
    ]);
    expect(updates.at(-1)).toEqual({
      awb,
      status: 'delivered',
      at: '2022-07-19T06:07:00.000Z',
      location: 'MADANPALLI, Madanapalli, ANDHRA PRADESH',
      description: 'Delivered',
      eventId: `${awb}:7:2022-07-19T06:07:00.000Z`,
      expectedDelivery: '2022-07-20',
    });
    expect(standIn.requests.at(-1)).toMatchObject({ method: 'GET', path: TRACK(awb) });
  });

  it('follows a parcel that comes back: undelivered until it is back, then rto', async () => {
    const sr = courier();
    const { awb } = await sr.book(parcel());
    const at = (hh: string, label: string, id: string) =>
      standIn.pushActivity(awb, {
        date: `2025-12-0${hh}`,
        activity: label,
        location: 'Pune',
        'sr-status': id,
        'sr-status-label': label,
      });
    at('1 10:00:00', 'UNDELIVERED', '21');
    at('2 10:00:00', 'RTO INITIATED', '9');
    at('3 10:00:00', 'RTO IN INTRANSIT', '46');
    at('5 10:00:00', 'RTO DELIVERED', '10');
    expect((await sr.track(awb)).map((u) => u.status)).toEqual([
      'undelivered',
      'undelivered',
      'undelivered',
      'rto',
    ]);
  });

  it('has nothing to say before the courier has scanned the parcel', async () => {
    const sr = courier();
    const { awb } = await sr.book(parcel());
    await expect(sr.track(awb)).resolves.toEqual([]);
  });
});

describe('Shiprocket’s status words and codes', () => {
  it.each([
    [{ words: 'PICKED UP' }, 'shipped'],
    [{ words: 'In Transit' }, 'shipped'],
    [{ words: 'SHIPPED' }, 'shipped'],
    [{ id: 18 }, 'shipped'],
    [{ words: 'OUT FOR DELIVERY' }, 'out_for_delivery'],
    [{ id: '17' }, 'out_for_delivery'],
    [{ words: 'Delivered' }, 'delivered'],
    [{ words: 'UNDELIVERED' }, 'undelivered'],
    [{ words: 'UNDELIVERED-1st Attempt' }, 'undelivered'],
    [{ words: 'RTO Initiated' }, 'undelivered'],
    [{ words: 'RTO_IN_TRANSIT' }, 'undelivered'],
    [{ id: 46 }, 'undelivered'],
    [{ words: 'RTO DELIVERED' }, 'rto'],
    [{ words: 'Canceled' }, 'cancelled'],
    [{ words: 'CANCELLED' }, 'cancelled'],
    [{ words: 'AWB Assigned' }, 'booked'],
    [{ words: 'PICKUP SCHEDULED' }, 'booked'],
    [{ words: 'Pickup Generated' }, 'booked'],
    [{ words: 'PICKUP EXCEPTION' }, null],
    [{ words: 'LOST' }, null],
    [{ words: 'SOMETHING NEW', id: 999 }, null],
    [{ words: 'NA', id: 'NA' }, null],
    [{}, null],
  ])('reads %j as %s', (said, status) => {
    expect(shiprocketStatus(said)).toBe(status);
  });

  it('reads the words before the code, which Shiprocket’s own sample gets wrong', () => {
    // The docs' webhook sample: "IN TRANSIT" with current_status_id 20 (Pickup Exception in the table).
    expect(shiprocketStatus({ words: 'IN TRANSIT', id: 20 })).toBe('shipped');
  });

  it('reads Shiprocket’s times as India’s', () => {
    expect(shiprocketTime('2022-07-19 11:37:00')).toBe('2022-07-19T06:07:00.000Z');
    expect(shiprocketTime('23 05 2023 11:43:52')).toBe('2023-05-23T06:13:52.000Z');
    expect(shiprocketTime('2023-05-23T11:43:52+05:30')).toBe('2023-05-23T06:13:52.000Z');
    expect(shiprocketTime('31 02 2023 11:43:52')).toBeNull();
    expect(shiprocketTime('yesterday')).toBeNull();
  });
});

describe('the tracking webhook', () => {
  const TOKEN = 'a-long-random-webhook-token-set-in-shiprocket';
  // Shiprocket's documented sample.
  const sample = {
    awb: '19041424751540',
    courier_name: 'Delhivery Surface',
    current_status: 'IN TRANSIT',
    current_status_id: 20,
    shipment_status: 'IN TRANSIT',
    shipment_status_id: 18,
    current_timestamp: '23 05 2023 11:43:52',
    order_id: '1373900_150876814',
    sr_order_id: 348456385,
    awb_assigned_date: '2023-05-19 11:59:16',
    pickup_scheduled_date: '2023-05-19 11:59:17',
    etd: '2023-05-23 15:40:19',
    scans: [
      {
        date: '2023-05-19 11:59:16',
        status: 'X-UCI',
        activity: 'Manifested - Manifest uploaded',
        location: 'Chomu_SamodRd_D (Rajasthan)',
        'sr-status': '5',
        'sr-status-label': 'MANIFEST GENERATED',
      },
      {
        date: '2023-05-19 15:32:17',
        status: 'X-PPOM',
        activity: 'In Transit - Shipment picked up',
        location: 'Chomu_SamodRd_D (Rajasthan)',
        'sr-status': '42',
        'sr-status-label': 'PICKED UP',
      },
    ],
    is_return: 0,
    channel_id: 3422553,
    pod_status: 'OTP Based Delivery',
    pod: 'Not Available',
  };
  const refusal = (fn: () => unknown) => {
    try {
      fn();
    } catch (err) {
      return err;
    }
    throw new Error('not refused');
  };

  it('reads an event that carries the right token', () => {
    expect(
      parseShiprocketWebhook({ 'x-api-key': TOKEN, 'content-type': 'application/json' }, sample, TOKEN),
    ).toEqual({
      awb: '19041424751540',
      status: 'shipped',
      at: '2023-05-23T06:13:52.000Z',
      location: 'Chomu_SamodRd_D (Rajasthan)',
      description: 'IN TRANSIT',
      eventId: '19041424751540:18:2023-05-23T06:13:52.000Z',
      expectedDelivery: '2023-05-23',
    });
  });

  it('takes the body as text too, the header in any case, and a numeric AWB', () => {
    const update = parseShiprocketWebhook(
      { 'X-Api-Key': TOKEN },
      JSON.stringify({ ...sample, awb: 19041424751540, current_status: 'OUT FOR DELIVERY' }),
      TOKEN,
    );
    expect(update).toMatchObject({ awb: '19041424751540', status: 'out_for_delivery' });
  });

  it.each([
    ['a wrong token', { 'x-api-key': `${TOKEN}x` }, TOKEN],
    ['a token of the same length', { 'x-api-key': TOKEN.replace(/a/, 'b') }, TOKEN],
    ['no token', {}, TOKEN],
    ['the token twice', { 'x-api-key': [TOKEN, TOKEN] }, TOKEN],
    ['no token configured', { 'x-api-key': '' }, ''],
  ])('refuses %s with a 401', (_, headers, expected) => {
    const err = refusal(() => parseShiprocketWebhook(headers, sample, expected));
    expect(err).toBeInstanceOf(WebhookRefused);
    expect(err).toMatchObject({ statusCode: 401 });
  });

  it('checks the token before it reads the body', () => {
    expect(refusal(() => parseShiprocketWebhook({}, 'not json', TOKEN))).toMatchObject({ statusCode: 401 });
  });

  it.each([
    ['text that is not JSON', 'not json'],
    ['an empty object', {}],
    ['no AWB', { ...sample, awb: '' }],
    ['no status', { ...sample, current_status: undefined }],
    ['a time that is not one', { ...sample, current_timestamp: 'yesterday' }],
    ['scans that are not a list', { ...sample, scans: 'many' }],
    ['an array', [sample]],
  ])('refuses %s with a 400', (_, body) => {
    const err = refusal(() => parseShiprocketWebhook({ 'x-api-key': TOKEN }, body, TOKEN));
    expect(err).toBeInstanceOf(WebhookRefused);
    expect(err).toMatchObject({ statusCode: 400 });
  });

  it('returns null for an event whose status moves nothing here, for the route to answer 200 and drop', () => {
    const unknown = {
      ...sample,
      current_status: 'SOMETHING NEW',
      shipment_status: 'SOMETHING NEW',
      shipment_status_id: 999,
    };
    expect(parseShiprocketWebhook({ 'x-api-key': TOKEN }, unknown, TOKEN)).toBeNull();
    const ignored = {
      ...sample,
      current_status: 'PICKUP EXCEPTION',
      shipment_status: 'PICKUP EXCEPTION',
      shipment_status_id: 20,
    };
    expect(parseShiprocketWebhook({ 'x-api-key': TOKEN }, ignored, TOKEN)).toBeNull();
  });

  it('falls back on Shiprocket’s shipment status when the courier’s words are new', () => {
    const event = { ...sample, current_status: 'Bagged at hub', shipment_status: 'IN TRANSIT' };
    expect(parseShiprocketWebhook({ 'x-api-key': TOKEN }, event, TOKEN)).toMatchObject({
      status: 'shipped',
      description: 'Bagged at hub',
      eventId: '19041424751540:18:2023-05-23T06:13:52.000Z',
    });
  });
});
