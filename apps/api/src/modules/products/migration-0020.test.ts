import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@shop/shared';
import { migrate, type Database } from '../../db/client.ts';
import { databaseBefore, type EarlierDatabase } from '../../../test/migrated-before.ts';
import { getProductJson } from './products.queries.ts';
import { updateProduct } from './products.service.ts';

let earlier: EarlierDatabase;
let database: Database;
beforeAll(async () => {
  earlier = await databaseBefore('0020');
  database = earlier.database;
});
afterAll(() => earlier.close());

const rows = async <T,>(query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('migration 0020', () => {
  it('keeps a running shop’s products, carts and orders as they were, each product on its one shared stock', async () => {
    // A shop of before: a product, a shopper with it in the cart, and an order of it.
    await database.db.execute(sql`insert into users (email, name, phone_number, role, password_hash, addresses)
      values ('asha@example.com', 'Asha Rao', '+919820012345', 'user', 'x', '[]'::jsonb)`);
    await database.db.execute(sql`insert into products (title, description, brand, category, price_paise, discount_percentage,
        discounted_price_paise, stock, thumbnail, images, colors, sizes, highlights)
      values ('Mysore Silk Saree', 'Pure silk', 'Mysuru Silk Mandir', 'Silk Sarees', 499900, 10, 449900, 7,
        '/uploads/t.webp', '["/uploads/t.webp"]'::jsonb, '["#aa2233", "#112233"]'::jsonb, '[42, 44.5]'::jsonb, '["Pure silk"]'::jsonb)`);
    await database.db.execute(sql`insert into cart_items (user_id, product_id, quantity, color, size) values (1, 1, 2, '#aa2233', 44.5)`);
    await database.db.execute(sql`insert into orders (user_id, total_amount_paise, total_items, payment_method, payment_status, selected_address, status, listed)
      values (1, 449900, 1, 'cash', 'pending', '{}'::jsonb, 'pending', true)`);
    await database.db.execute(sql`insert into order_items (order_id, product_id, quantity, color, size, unit_price_paise, product)
      values (1, 1, 1, '#112233', 42, 449900, '{"id": 1, "title": "Mysore Silk Saree"}'::jsonb)`);

    await migrate(database);

    expect(await rows(sql`select stock, stock_per_variant, size_labels, size_unit, color_images, details, size_chart from products`)).toEqual([
      { stock: 7, stock_per_variant: false, size_labels: ['42', '44.5'], size_unit: 'in', color_images: [], details: {}, size_chart: null },
    ]);
    expect(await rows(sql`select quantity, color, size, variant_id from cart_items`)).toEqual([{ quantity: 2, color: '#aa2233', size: 44.5, variant_id: null }]);
    expect(await rows(sql`select quantity, size, variant_id, variant, product from order_items`)).toEqual([
      { quantity: 1, size: 42, variant_id: null, variant: null, product: { id: 1, title: 'Mysore Silk Saree' } },
    ]);
    const product = JSON.parse(await getProductJson(database.db, 1, null)) as Product;
    expect(product).toMatchObject({ stock: 7, sizes: [42, 44.5], sizeLabels: ['42', '44.5'], variants: [], sizeChart: null });

    // The owner's one click: stock per colour × size from now on, the orders of before untouched.
    const switched = await updateProduct(database.db, 1, {
      variants: [
        { color: '#aa2233', size: '42', sku: null, price: null, stock: 3 },
        { color: '#112233', size: '44.5', sku: 'MYS-1', price: null, stock: 4 },
      ],
    });
    expect(switched).toMatchObject({ stock: 7, colors: ['#aa2233', '#112233'], sizes: [42, 44.5] });
    expect(await rows(sql`select count(*)::int as n from order_items where variant_id is null`)).toEqual([{ n: 1 }]);
  });
});
