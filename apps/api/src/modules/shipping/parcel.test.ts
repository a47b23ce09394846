import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { insertProduct } from '../../../test/commerce.ts';
import { products, productVariants } from '../products/products.table.ts';
import { parcelWeight } from './parcel.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a parcel’s weight', () => {
  it('weighs a variant by its own weight, else its product’s, else the shop’s default, and adds the boxes’ volumetric weight', async () => {
    const lehenga = await insertProduct(t.db, { title: 'Bridal Lehenga' });
    await t.db.update(products).set({ weightGrams: 2000, packageCm: { length: 50, breadth: 40, height: 15 } }).where(eq(products.id, lehenga.id));
    const [heavy, plain] = await t.db
      .insert(productVariants)
      .values([
        { productId: lehenga.id, color: '#aa2233', size: 'M', stock: 3, position: 0, weightGrams: 3200 },
        { productId: lehenga.id, color: '#112233', size: 'M', stock: 3, position: 1 },
      ])
      .returning();
    const dupatta = await insertProduct(t.db, { title: 'Chiffon Dupatta' });
    const weight = await parcelWeight(
      t.db,
      [
        { productId: lehenga.id, variantId: heavy!.id, quantity: 1 },
        { productId: lehenga.id, variantId: plain!.id, quantity: 2 },
        { productId: dupatta.id, variantId: null, quantity: 3 },
      ],
      250,
    );
    // 3200 + 2 × 2000 + 3 × 250 (no weight given: the default); three lehenga boxes of 6 kg volumetric each.
    expect(weight).toEqual({ actualGrams: 7950, volumetricGrams: 18000, largestBoxCm: { length: 50, breadth: 40, height: 15 } });
  });

  it('asks nothing for an empty parcel', async () => {
    expect(await parcelWeight(t.db, [], 500)).toEqual({ actualGrams: 0, volumetricGrams: 0, largestBoxCm: null });
  });
});
