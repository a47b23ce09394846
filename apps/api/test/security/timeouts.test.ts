import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BODY_WINDOW_MS, MIN_BODY_BYTES_PER_WINDOW } from '../../src/plugins/slow-body.ts';
import { createTestApp, type TestApp } from '../app.ts';

// Issue 12: connections that trickled a request at 1 byte/s were held forever. These run on a real
// socket with the shipped defaults (README: REQUEST_TIMEOUT_SECONDS, HEADERS_TIMEOUT_SECONDS…).
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

interface Outcome {
  /** Seconds from the first byte until the server closed the connection or answered. */
  seconds: number;
  reply: string;
}

/** Opens a connection, writes `head` at once, then one chunk from `next()` every `everyMs` until it returns undefined. */
function trickle(head: string, next: () => string | undefined, everyMs: number): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket: Socket = connect(port, '127.0.0.1');
    let reply = '';
    const done = () => {
      clearInterval(timer);
      resolve({ seconds: (performance.now() - started) / 1000, reply });
    };
    socket.on('data', (d) => {
      reply += d.toString();
      // A reply ends the test for that connection; keep-alive would otherwise hold it open.
      if (/\r\n\r\n/.test(reply)) socket.destroy();
    });
    socket.on('close', done);
    socket.on('error', () => undefined);
    socket.setTimeout(60_000, () => reject(new Error('the server held the connection for 60 s')));
    socket.write(head);
    const timer = setInterval(() => {
      const chunk = next();
      if (chunk === undefined) return clearInterval(timer);
      if (!socket.destroyed) socket.write(chunk);
    }, everyMs);
  });
}

describe('a client that trickles its request', () => {
  it('is cut within 30 s when it trickles its headers or its body at a byte a second, while a slow but steady body is answered', async () => {
    const loginHead = (length: number) =>
      `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

    const headers = trickle('POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ', () => 'a', 1000);

    const body = trickle(loginHead(1000), () => ' ', 1000);

    // A steady 2 KiB/s (a 10 MB picture at this rate would take 85 minutes; a phone on 3G sends
    // 50 times faster) for longer than one of the guard's windows: it must be answered, not cut.
    const json = `{"email":"steady@example.com","password":"Wrong1234"${' '.repeat(30 * 1024)}}`;
    let sent = 0;
    const steady = trickle(
      loginHead(Buffer.byteLength(json)),
      () => {
        if (sent >= json.length) return undefined;
        const chunk = json.slice(sent, sent + 1024);
        sent += chunk.length;
        return chunk;
      },
      500,
    );

    const [h, b, s] = await Promise.all([headers, body, steady]);
    console.log(
      `trickled headers cut after ${h.seconds.toFixed(1)} s, trickled body after ${b.seconds.toFixed(1)} s; steady body answered after ${s.seconds.toFixed(1)} s`,
    );
    expect(h.seconds).toBeLessThan(30);
    expect(b.seconds).toBeLessThan(30);
    expect(b.reply).toBe('');
    expect(s.seconds).toBeGreaterThan(BODY_WINDOW_MS / 1000);
    expect(s.reply).toMatch(/^HTTP\/1\.1 401/);
  }, 60_000);

  it('holds a body to a rate far below any phone: 1 KiB/s', () => {
    expect(MIN_BODY_BYTES_PER_WINDOW / (BODY_WINDOW_MS / 1000)).toBe(1024);
  });

  it('keeps an idle kept-alive connection open past the 5 s that clients and balancers reuse it after', async () => {
    const socket = connect(port, '127.0.0.1');
    let reply = '';
    let closed = false;
    socket.on('data', (d) => (reply += d.toString()));
    socket.on('close', () => (closed = true));
    const get = async () => {
      reply = '';
      socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      await vi.waitFor(() => expect(reply).toMatch(/^HTTP\/1\.1 200[^]*\r\n\r\n[^]+/), { timeout: 5_000 });
    };
    await get();
    // The pause is what is tested: longer than the old 5 s keep-alive and the idle timeouts of
    // clients (Node's agent: 4-5 s) that would send on a socket the server was closing.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(closed).toBe(false);
    await get();
    socket.destroy();
  }, 30_000);

  it('leaves no listener behind on a kept-alive connection once a request body has been read', async () => {
    let serverSide: Socket | undefined;
    const capture = (s: Socket) => (serverSide ??= s);
    t.app.server.on('connection', capture);
    const socket = connect(port, '127.0.0.1');
    let reply = '';
    socket.on('data', (d) => (reply += d.toString()));
    const body = JSON.stringify({ product: 1, quantity: 1, color: '#aa2233', size: 42 });
    for (let i = 0; i < 30; i++) {
      reply = '';
      socket.write(`POST /api/cart HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
      await vi.waitFor(() => expect(reply).toMatch(/^HTTP\/1\.1 401[^]*\r\n\r\n\{[^]*\}$/), { timeout: 5_000 });
    }
    t.app.server.off('connection', capture);
    // Node's own listeners only: one request's guard each would be 30 more.
    expect(serverSide!.listenerCount('close')).toBeLessThan(5);
    socket.destroy();
  });

  it('sets the request, header, keep-alive and idle timeouts on the server', () => {
    expect(t.app.server.requestTimeout).toBe(300_000);
    expect(t.app.server.headersTimeout).toBe(10_000);
    expect(t.app.server.keepAliveTimeout).toBe(65_000);
    expect(t.app.server.timeout).toBe(30_000);
  });
});
