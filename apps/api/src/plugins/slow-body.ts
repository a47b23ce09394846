import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** A body still arriving must bring at least this many bytes in every window… */
export const MIN_BODY_BYTES_PER_WINDOW = 10 * 1024;
/** …of this length: 1 KiB/s, far below a phone on a 2G link, far above a deliberate trickle. */
export const BODY_WINDOW_MS = 10_000;

/**
 * Issue 12: a client that trickles its body (1 byte a second) held a connection forever, and the
 * request timeout that would stop it must stay long enough for a 10 MB picture from a slow phone.
 * So a body is held to a minimum rate instead: read off the socket's byte count, never by listening
 * to the stream (which would take the data from the body parser).
 */
export const slowBodyPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (req) => {
    const raw = req.raw;
    const hasBody =
      Number(raw.headers['content-length'] ?? 0) > 0 || raw.headers['transfer-encoding'] !== undefined;
    if (!hasBody || raw.complete) return;
    const socket = raw.socket;
    let seen = socket.bytesRead;
    const timer = setInterval(() => {
      if (raw.complete || socket.destroyed) return clearInterval(timer);
      if (socket.bytesRead - seen < MIN_BODY_BYTES_PER_WINDOW) {
        clearInterval(timer);
        req.log.warn('request body too slow: connection closed');
        socket.destroy();
        return;
      }
      seen = socket.bytesRead;
    }, BODY_WINDOW_MS);
    timer.unref();
    // Every listener goes once the body is read: a kept-alive socket outlives its requests, and a
    // listener left on it would hold each request until the connection closes.
    const stop = () => {
      clearInterval(timer);
      socket.removeListener('close', stop);
      raw.removeListener('end', stop);
      raw.removeListener('close', stop);
    };
    socket.once('close', stop);
    raw.once('end', stop);
    raw.once('close', stop);
  });
});
