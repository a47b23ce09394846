import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Shiprocket's external API (apiv2.shiprocket.in/v1/external) on 127.0.0.1, answering
 * with the shapes of its documented examples (apidocs.shiprocket.in). It keeps orders by their channel
 * order id, assigns AWBs, lists and searches orders, reports tracking, wants the bearer token of a login,
 * records every request, and fails as it is told to.
 */

export interface ReceivedRequest {
  method: string;
  /** Without the query string. */
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface StandInActivity {
  /** Shiprocket's way: "2022-07-19 11:37:00", India's time. */
  date: string;
  status?: string;
  activity: string;
  location: string;
  'sr-status': string;
  'sr-status-label'?: string;
}

export interface StandInOrder {
  /** Shiprocket's order id. */
  id: number;
  channelOrderId: string;
  shipmentId: number;
  status: string;
  awb: string | null;
  courierName: string | null;
  pickupRequested: boolean;
  /** What our side sent to orders/create/adhoc. */
  created: Record<string, unknown>;
  /** Newest first, as Shiprocket lists them. */
  activities: StandInActivity[];
  etd: string | null;
}

/** `'timeout'`: the response is held past the client's limit, and the effect (an order, an AWB) still happens. */
export type StandInFailure = { status: number; message?: string } | 'timeout';

export interface ShiprocketStandIn {
  /** A SHIPROCKET_API_URL: `http://127.0.0.1:<port>`. */
  url: string;
  email: string;
  password: string;
  /** The pickup locations the account has; an order naming another is refused (422). */
  pickupLocations: string[];
  /** Every request received, in order. */
  requests: ReceivedRequest[];
  /** The requests to one path (without the query), in order. */
  requestsTo(path: string): ReceivedRequest[];
  /** The orders held, in creation order. */
  orders(): StandInOrder[];
  order(channelOrderId: string): StandInOrder | undefined;
  /** How many AWBs were assigned. */
  awbsAssigned(): number;
  /** The next request to `path` fails so; several calls queue several failures. */
  failNext(path: string, failure: StandInFailure): void;
  /** Every token given so far stops working (401), as at the end of its 10 days. */
  expireTokens(): void;
  /** A scan for the AWB, as the courier would report it (the newest goes first). */
  pushActivity(awb: string, activity: StandInActivity): void;
  setEtd(awb: string, etd: string | null): void;
  /** Forgets every order, failure and request (a test whose database starts again at order 1). */
  reset(): void;
  /** Stops the server; a response still held is dropped, its effect with it. */
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  // The client may have gone (a timeout): there is nobody to answer.
  if (res.destroyed || res.writableEnded) return;
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};
const refusal = (status: number, message: string, errors?: Record<string, string[]>) => ({
  message,
  ...(errors ? { errors } : {}),
  status_code: status,
});

const REQUIRED = [
  'order_id',
  'order_date',
  'pickup_location',
  'billing_customer_name',
  'billing_address',
  'billing_city',
  'billing_pincode',
  'billing_state',
  'billing_country',
  'billing_email',
  'billing_phone',
  'order_items',
  'payment_method',
  'sub_total',
  'length',
  'breadth',
  'height',
  'weight',
];

export async function startShiprocketStandIn(
  opts: { email?: string; password?: string; pickupLocations?: string[]; holdMs?: number } = {},
): Promise<ShiprocketStandIn> {
  const email = opts.email ?? 'api-user@saree.example';
  const password = opts.password ?? 'api-password';
  const pickupLocations = opts.pickupLocations ?? ['Primary'];
  const holdMs = opts.holdMs ?? 1_000;
  const requests: ReceivedRequest[] = [];
  const orders = new Map<string, StandInOrder>();
  const failures = new Map<string, StandInFailure[]>();
  type Held = { timer: NodeJS.Timeout; run: () => void };
  const held = new Set<Held>();
  let tokens = new Set<string>();
  let nextToken = 0;
  let nextOrderId = 237_157_000;
  let nextShipmentId = 236_612_000;
  let nextAwb = 141_123_221_084_000;
  let awbs = 0;

  const byShipment = (id: unknown) => [...orders.values()].find((o) => o.shipmentId === Number(id));
  const byAwb = (awb: string) => [...orders.values()].find((o) => o.awb === awb);
  const shipmentIds = (body: unknown) => {
    const ids = (body as { shipment_id?: unknown } | null)?.shipment_id;
    return Array.isArray(ids) ? ids : null;
  };

  /** Does what the request asks and says what to answer, as Shiprocket's examples do. */
  function handle(req: ReceivedRequest): { status: number; body: unknown } {
    const { method, path, body } = req;
    const b = (body ?? {}) as Record<string, unknown>;

    if (method === 'POST' && path === '/v1/external/auth/login') {
      if (b.email !== email || b.password !== password)
        return { status: 400, body: refusal(400, 'Invalid email and password combination') };
      const token = `sr-test-token-${++nextToken}`;
      tokens.add(token);
      return {
        status: 200,
        body: { id: 3662547, first_name: 'API', last_name: 'User', email, company_id: 25149, token },
      };
    }

    if (method === 'GET' && path === '/v1/external/orders') {
      const search = req.query.search ?? '';
      const perPage = Math.max(1, Number(req.query.per_page ?? 15));
      const page = Math.max(1, Number(req.query.page ?? 1));
      // Shiprocket's search is looser than an exact match: ORD-1 also lists ORD-10.
      const found = [...orders.values()].filter(
        (o) => !search || o.channelOrderId.includes(search) || o.awb === search,
      );
      const pageOf = found.slice((page - 1) * perPage, page * perPage);
      const totalPages = Math.max(1, Math.ceil(found.length / perPage));
      return {
        status: 200,
        body: {
          data: pageOf.map((o) => ({
            id: o.id,
            channel_id: 76893,
            channel_name: 'CUSTOM',
            base_channel_code: 'CS',
            channel_order_id: o.channelOrderId,
            customer_name: o.created.billing_customer_name,
            pickup_location: o.created.pickup_location,
            total: String(o.created.sub_total),
            status: o.status,
            payment_method: String(o.created.payment_method).toLowerCase(),
            products: [],
            shipments: [
              {
                id: o.shipmentId,
                courier: o.courierName ?? '',
                weight: o.created.weight,
                awb: o.awb ?? '',
                pickup_scheduled_date: null,
                etd: 'NA',
              },
            ],
          })),
          meta: {
            pagination: {
              total: found.length,
              count: pageOf.length,
              per_page: perPage,
              current_page: page,
              total_pages: totalPages,
              links: {},
            },
          },
        },
      };
    }

    if (method === 'POST' && path === '/v1/external/orders/create/adhoc') {
      const missing = REQUIRED.filter((f) => b[f] === undefined || b[f] === '' || b[f] === null);
      if (Array.isArray(b.order_items) && b.order_items.length === 0) missing.push('order_items');
      if (missing.length)
        return {
          status: 422,
          body: refusal(
            422,
            'Oops! Invalid Data.',
            Object.fromEntries(missing.map((f) => [f, [`The ${f.replace(/_/g, ' ')} field is required.`]])),
          ),
        };
      if (!pickupLocations.includes(String(b.pickup_location)))
        return {
          status: 422,
          body: refusal(422, 'Wrong Pickup location entered. Please choose one location from data given'),
        };
      const channelOrderId = String(b.order_id);
      const existing = orders.get(channelOrderId);
      if (existing?.status === 'CANCELED')
        return { status: 422, body: refusal(422, 'Order Id already exists and is cancelled') };
      // "order_id field cannot be equal to an already existing id. Doing so does not change or affect
      // the existing order." Which answer comes back is not documented: here, the order as it is.
      const order = existing ?? {
        id: ++nextOrderId,
        channelOrderId,
        shipmentId: ++nextShipmentId,
        status: 'NEW',
        awb: null,
        courierName: null,
        pickupRequested: false,
        created: b,
        activities: [],
        etd: null,
      };
      orders.set(channelOrderId, order);
      return {
        status: 200,
        body: {
          order_id: order.id,
          shipment_id: order.shipmentId,
          status: order.status,
          status_code: 1,
          onboarding_completed_now: 0,
          awb_code: order.awb,
          courier_company_id: order.awb ? 43 : null,
          courier_name: order.courierName,
        },
      };
    }

    if (method === 'POST' && path === '/v1/external/courier/assign/awb') {
      if (b.shipment_id === undefined || b.shipment_id === '')
        return {
          status: 422,
          body: refusal(422, 'Required field missing', {
            shipment_id: ['The shipment id field is required.'],
          }),
        };
      const order = byShipment(b.shipment_id);
      if (!order) return { status: 400, body: refusal(400, 'Invalid shipment id') };
      if (order.awb)
        return { status: 400, body: refusal(400, 'Oops! Cannot reassign courier for this shipment.') };
      order.awb = String(++nextAwb);
      order.courierName = 'Delhivery Surface';
      order.status = 'READY TO SHIP';
      awbs++;
      return {
        status: 200,
        body: {
          awb_assign_status: 1,
          response: {
            data: {
              courier_company_id: 43,
              awb_code: order.awb,
              cod: order.created.payment_method === 'COD' ? 1 : 0,
              order_id: order.id,
              shipment_id: order.shipmentId,
              awb_code_status: 1,
              assigned_date_time: {
                date: '2022-11-25 11:17:52.878599',
                timezone_type: 3,
                timezone: 'Asia/Kolkata',
              },
              applied_weight: order.created.weight,
              courier_name: order.courierName,
              pickup_scheduled_date: '2022-11-25 14:00:00',
            },
          },
        },
      };
    }

    if (method === 'POST' && path === '/v1/external/courier/generate/pickup') {
      const order = byShipment(shipmentIds(body)?.[0]);
      if (!order?.awb) return { status: 400, body: refusal(400, 'Invalid shipment id') };
      if (order.pickupRequested) return { status: 400, body: refusal(400, 'Already in Pickup Queue.') };
      order.pickupRequested = true;
      order.status = 'PICKUP SCHEDULED';
      return {
        status: 200,
        body: {
          pickup_status: 1,
          response: {
            pickup_scheduled_date: '2021-12-10 12:39:54',
            pickup_token_number: `Reference No: 194_BIGFOOT ${order.shipmentId}`,
            status: 3,
            data: `Pickup is confirmed by ${order.courierName} For AWB :- ${order.awb}`,
          },
        },
      };
    }

    if (method === 'POST' && path === '/v1/external/courier/generate/label') {
      const ids = shipmentIds(body);
      if (!ids)
        return {
          status: 422,
          body: refusal(422, 'Oops! Invalid Data.', { shipment_id: ['The shipment id must be an array.'] }),
        };
      const order = byShipment(ids[0]);
      if (!order?.awb)
        return {
          status: 200,
          body: { label_created: 0, not_created: [], response: 'No valid shipment ids to print label' },
        };
      return {
        status: 200,
        body: {
          label_created: 1,
          label_url: `https://kr-shipmultichannel.s3.ap-southeast-1.amazonaws.com/25149/labels/shipping-label-${order.shipmentId}-${order.awb}.pdf`,
          response: 'Label has been created and uploaded successfully!',
          not_created: [],
        },
      };
    }

    if (method === 'GET' && path.startsWith('/v1/external/courier/track/awb/')) {
      const awb = decodeURIComponent(path.slice('/v1/external/courier/track/awb/'.length));
      if (!awb) return { status: 404, body: refusal(404, '404 Not Found') };
      const order = byAwb(awb);
      if (!order?.activities.length)
        return {
          status: 200,
          body: {
            tracking_data: {
              track_status: 0,
              error:
                'Aahh! There is no activities found in our DB. Please have some patience it will be updated soon.',
            },
          },
        };
      const latest = order.activities[0]!;
      return {
        status: 200,
        body: {
          tracking_data: {
            track_status: 1,
            shipment_status: Number(latest['sr-status']) || 0,
            shipment_track: [
              {
                id: order.shipmentId,
                awb_code: awb,
                courier_company_id: 43,
                shipment_id: order.shipmentId,
                order_id: order.id,
                current_status: latest['sr-status-label'] ?? latest.activity,
                courier_name: order.courierName,
                edd: null,
              },
            ],
            shipment_track_activities: order.activities,
            track_url: `https://shiprocket.co//tracking/${awb}`,
            etd: order.etd,
            qc_response: { qc_image: '', qc_failed_reason: '' },
          },
        },
      };
    }

    return { status: 404, body: refusal(404, '404 Not Found') };
  }

  const server = createServer((req, res) => {
    res.on('error', () => {});
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text || undefined;
      try {
        body = JSON.parse(text);
      } catch {
        // kept as text: the test sees what was sent
      }
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const received: ReceivedRequest = {
        method: req.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body,
      };
      requests.push(received);

      const failure = failures.get(received.path)?.shift();
      if (failure && failure !== 'timeout') {
        json(
          res,
          failure.status,
          refusal(failure.status, failure.message ?? `Stand-in failure ${failure.status}`),
        );
        return;
      }
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (received.path !== '/v1/external/auth/login' && (!bearer || !tokens.has(bearer))) {
        json(res, 401, refusal(401, bearer ? 'Token has expired' : 'Unauthenticated.'));
        return;
      }
      if (failure === 'timeout') {
        // Shiprocket is slow, not broken: the work is done after the client stopped waiting.
        const entry: Held = {
          run: () => {
            held.delete(entry);
            const answer = handle(received);
            json(res, answer.status, answer.body);
          },
          timer: setTimeout(() => entry.run(), holdMs),
        };
        held.add(entry);
        return;
      }
      const answer = handle(received);
      json(res, answer.status, answer.body);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  const orderByAwb = (awb: string) => {
    const order = byAwb(awb);
    if (!order) throw new Error(`the stand-in holds no AWB ${awb}`);
    return order;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    email,
    password,
    pickupLocations,
    requests,
    requestsTo: (path) => requests.filter((r) => r.path === path),
    orders: () => [...orders.values()],
    order: (channelOrderId) => orders.get(channelOrderId),
    awbsAssigned: () => awbs,
    failNext(path, failure) {
      failures.set(path, [...(failures.get(path) ?? []), failure]);
    },
    expireTokens() {
      tokens = new Set();
    },
    pushActivity(awb, activity) {
      orderByAwb(awb).activities.unshift(activity);
    },
    setEtd(awb, etd) {
      orderByAwb(awb).etd = etd;
    },
    reset() {
      orders.clear();
      failures.clear();
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const entry of held) clearTimeout(entry.timer);
        held.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
