import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface StandInReply {
  status: number;
  body: unknown;
}

export interface WhatsAppStandIn {
  /** A WHATSAPP_API_BASE for the app: `http://127.0.0.1:<port>`. */
  url: string;
  /** Every request received, in order. */
  requests: ReceivedRequest[];
  /** How the next requests are answered; by default a success with a new message id. */
  answer(reply: (req: ReceivedRequest) => StandInReply): void;
  /** Until `count` requests have arrived (polled, with a deadline). */
  waitForRequests(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

let next = 0;
export const accepted = (): StandInReply => ({
  status: 200,
  body: {
    messaging_product: 'whatsapp',
    contacts: [{ input: '919820012345', wa_id: '919820012345' }],
    messages: [{ id: `wamid.test${++next}` }],
  },
});
export const graphError = (status: number, code: number, message: string): StandInReply => ({
  status,
  body: { error: { message, type: 'OAuthException', code, fbtrace_id: 'Atest' } },
});

/** A stand-in for Meta's Graph API on 127.0.0.1 that records each request and answers as told. */
export async function startWhatsAppStandIn(): Promise<WhatsAppStandIn> {
  const requests: ReceivedRequest[] = [];
  let reply: (req: ReceivedRequest) => StandInReply = accepted;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // kept as text: the test sees what was sent
      }
      const received = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
      requests.push(received);
      const answer = reply(received);
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer(fn) {
      reply = fn;
    },
    async waitForRequests(count, timeoutMs = 15_000) {
      for (const deadline = Date.now() + timeoutMs; requests.length < count;) {
        if (Date.now() > deadline)
          throw new Error(`${requests.length} of ${count} requests within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return requests.slice(0, count);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
