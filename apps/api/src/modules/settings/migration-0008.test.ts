import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, type Database } from '../../db/client.ts';
import { databaseBefore, type EarlierDatabase } from '../../../test/migrated-before.ts';

let earlier: EarlierDatabase;
let database: Database;
beforeAll(async () => {
  earlier = await databaseBefore('0008');
  database = earlier.database;
});
afterAll(() => earlier.close());

describe('migration 0008', () => {
  it('rounds the discounted prices stored before it to whole rupees, as discountedPaise now does, and makes every product Indian', async () => {
    // ₹2,499 less 10 % = ₹2,249.10; ₹3.33 less 50 % = ₹1.665; ₹899.50 undiscounted; ₹12,499 less 12.5 % = ₹10,936.625.
    await database.db.execute(sql`insert into products (title, description, brand, category, price_paise, discount_percentage, discounted_price_paise, stock, thumbnail)
      values ('a', 'd', 'b', 'c', 249900, 10, 224910, 1, '/t.webp'), ('b', 'd', 'b', 'c', 333, 50, 167, 1, '/t.webp'),
             ('c', 'd', 'b', 'c', 89950, 0, 89950, 1, '/t.webp'), ('d', 'd', 'b', 'c', 1249900, 12.5, 1093663, 1, '/t.webp')`);
    await migrate(database);
    const rows = (await database.db.execute(sql`select title, discounted_price_paise as paise, country_of_origin as origin, hsn, gst_rate_percent as rate from products order by title`)) as unknown as {
      rows: { title: string; paise: number; origin: string; hsn: string | null; rate: number | null }[];
    };
    expect(rows.rows).toEqual([
      { title: 'a', paise: 224_900, origin: 'India', hsn: null, rate: null },
      { title: 'b', paise: 200, origin: 'India', hsn: null, rate: null },
      { title: 'c', paise: 90_000, origin: 'India', hsn: null, rate: null },
      { title: 'd', paise: 1_093_700, origin: 'India', hsn: null, rate: null },
    ]);
  });
});
