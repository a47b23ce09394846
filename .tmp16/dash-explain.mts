import pg from 'pg';
import { migrate, openDatabase } from '/work/wt/16/apps/api/src/db/client.ts';
import { seedOrders } from '/work/wt/16/apps/api/bench/dashboard.ts';
const base = 'postgres://postgres@127.0.0.1:5432/postgres';
const name = 'shop_dash_explain16';
const c = new pg.Client({ connectionString: base }); await c.connect();
const exists = (await c.query(`select 1 from pg_database where datname='${name}'`)).rowCount;
if (!exists) await c.query(`create database ${name}`);
await c.end();
const database = await openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:5432/${name}` });
if (!exists) { await migrate(database); await seedOrders(database.pool!, 100000); }
const p = database.pool!;
const from = new Date(Date.now() - 30*86400000).toISOString(); const to = new Date().toISOString(); const prev = new Date(Date.now() - 60*86400000).toISOString();
const q1 = `explain (analyze, buffers) select ((created_at at time zone 'UTC') + interval '330 minutes')::date::text as day, status, payment_method, (status <> 'cancelled' and (payment_method = 'cash' or payment_status = 'paid')) as earning, count(*)::int, sum(total_amount_paise)::float8, sum(total_items)::float8 from orders where listed and created_at >= '${prev}' and created_at < '${to}' group by 1,2,3,4`;
const q2 = `explain (analyze, buffers) select i.product_id, sum(i.quantity*i.unit_price_paise)::float8, sum(i.quantity)::float8 from orders o join order_items i on i.order_id = o.id where o.listed and o.created_at >= '${from}' and o.created_at < '${to}' and (o.status <> 'cancelled' and (o.payment_method = 'cash' or o.payment_status = 'paid')) group by 1`;
for (const q of [q1, q2]) console.log((await p.query(q)).rows.map((r) => r['QUERY PLAN']).join('\n'), '\n-----');
await database.close();
