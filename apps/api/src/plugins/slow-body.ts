import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const MIN_BODY_BYTES_PER_WINDOW = 10 * 1024;
export const BODY_WINDOW_MS = 10_000;

// docs/security.md, requests that trickle. Read off the socket: listening to the stream would take the body parser's data.
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
    // A kept-alive socket outlives its requests: a listener left on it would hold each request in memory.
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
