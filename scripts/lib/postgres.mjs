import net from 'node:net';

/** The PostgreSQL server the tests use: DATABASE_URL when set, else this machine's when it answers. */
export async function findPostgres() {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const local = 'postgres://postgres@127.0.0.1:5432/postgres';
  const open = await new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port: 5432 });
    s.setTimeout(1000);
    s.once('connect', () => { s.destroy(); resolve(true); });
    s.once('error', () => resolve(false));
    s.once('timeout', () => { s.destroy(); resolve(false); });
  });
  return open ? local : undefined;
}
