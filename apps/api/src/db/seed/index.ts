import { inArray, sql } from 'drizzle-orm';
import type { Role } from '@shop/shared';
import type { Config } from '../../env.ts';
import type { Database, DbOrTx } from '../client.ts';
import { brands, categories } from '../../modules/taxonomy/taxonomy.table.ts';
import { products, productVariants } from '../../modules/products/products.table.ts';
import { createUser } from '../../flows/accounts.ts';
import { users } from '../../modules/users/users.table.ts';
import { BRANDS, CATEGORIES, generateProducts } from './catalogue.ts';
import { DEMO_USERS } from './demo-accounts.ts';
import { createStorage } from '../../storage/index.ts';
import { renderCatalogueImages } from './images.ts';
import { seedDemoReviews } from './reviews.ts';

export { DEMO_EMAILS } from './demo-accounts.ts';
export { generateProducts, generateProduct, DESIGN_POOL, type ProductRow, type SeedProduct } from './catalogue.ts';
export { renderCatalogueImages } from './images.ts';

interface DemoAccount {
  email: string;
  password: string;
  role: Role;
}

const DEMO_SEED = 1;
const DEMO_PRODUCT_COUNT = 60;

/** Two processes seeding one PostgreSQL at once take turns on this lock. */
const SEED_LOCK = 727_002;

async function hasProducts(db: DbOrTx): Promise<boolean> {
  const rows = await db.select({ id: products.id }).from(products).limit(1);
  return rows.length > 0;
}

/** An existing account is left as it is. */
async function ensureDemoAccounts(db: DbOrTx): Promise<DemoAccount[]> {
  const emails = DEMO_USERS.map((u) => u.email);
  const existing = await db
    .select({ email: users.email })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
  const have = new Set(existing.map((u) => u.email.toLowerCase()));
  for (const u of DEMO_USERS) if (!have.has(u.email)) await createUser(db, { ...u, addresses: [...u.addresses] });
  return DEMO_USERS.map(({ email, password, role }) => ({ email, password, role }));
}

/** Only into an empty products table. */
async function seedCatalogue(database: Database, config: Config): Promise<boolean> {
  if (await hasProducts(database.db)) return false;
  const storage = await createStorage(config);
  try {
    await renderCatalogueImages(storage, DEMO_SEED, DEMO_PRODUCT_COUNT);
  } finally {
    storage.close();
  }
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await hasProducts(tx)) return false;
    await tx.insert(brands).values(BRANDS.map((b) => ({ label: b, value: b }))).onConflictDoNothing();
    await tx.insert(categories).values(CATEGORIES.map((c) => ({ label: c, value: c }))).onConflictDoNothing();
    const catalogue = generateProducts(DEMO_PRODUCT_COUNT, DEMO_SEED);
    // Identities are given in the order of the rows.
    const ids = (
      await tx
        .insert(products)
        .values(catalogue.map(({ variants: _, ...row }) => row))
        .returning({ id: products.id })
    ).sort((a, b) => a.id - b.id);
    const variants = catalogue.flatMap((p, i) => p.variants.map((v, position) => ({ ...v, productId: ids[i]!.id, position, pricePaise: null })));
    if (variants.length) await tx.insert(productVariants).values(variants.map(({ price: _, ...v }) => v));
    return true;
  });
}

/** In production only the catalogue: no account with a published password (docs/security.md, Production safety). */
export async function seedDemo(database: Database, config: Config): Promise<{ seeded: boolean; accounts: DemoAccount[] }> {
  const accounts = config.production ? [] : await ensureDemoAccounts(database.db);
  const seeded = await seedCatalogue(database, config);
  if (seeded && !config.production) await seedDemoReviews(database.db);
  return { seeded, accounts };
}
