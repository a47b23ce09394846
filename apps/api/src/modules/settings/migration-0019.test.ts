import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, type Database } from '../../db/client.ts';
import { databaseBefore, type EarlierDatabase } from '../../../test/migrated-before.ts';
import { parseEnv } from '../../env.ts';
import { ensureShopSettings, getShopSettings } from './settings.service.ts';

let earlier: EarlierDatabase;
let database: Database;
beforeAll(async () => {
  earlier = await databaseBefore('0019');
  database = earlier.database;
});
afterAll(() => earlier.close());

describe('migration 0019', () => {
  it('keeps a running shop’s settings and takes its brand from SHOP_* at the first start after it, once', async () => {
    await database.db.execute(sql`insert into shop_settings (id, legal_name, address, state, grievance_name, grievance_email, support_phone, support_email)
      values (1, 'Kanchi Silks LLP', '1 Gandhi Road, Kanchipuram 631501', 'Tamil Nadu', 'R. Meena', 'g@kanchi.example', '+91 44 2722 0000', 'care@kanchi.example')`);
    await migrate(database);
    const env = (more: Record<string, string>) => parseEnv({ NODE_ENV: 'test', SHOP_STATE: 'Tamil Nadu', SHOP_GSTIN: '', ...more }).shop;
    await ensureShopSettings(database.db, env({ SHOP_NAME: 'Kanchi Silks House', SHOP_BRAND_COLOR: '#1d4e89', SHOP_WHATSAPP: '+91 98450 12345' }));
    const after = await getShopSettings(database.db);
    expect(after).toMatchObject({
      legalName: 'Kanchi Silks LLP',
      state: 'Tamil Nadu',
      shopName: 'Kanchi Silks House',
      brandColor: '#1d4e89',
      logo: null,
      socialLinks: { instagram: null, facebook: null, youtube: null, whatsapp: '919845012345' },
      banner: { image: null, headline: null, link: null },
    });
    // A later start with other values changes nothing: the owner's Shop Settings rule from now on.
    await ensureShopSettings(database.db, env({ SHOP_NAME: 'Someone Else' }));
    expect(await getShopSettings(database.db)).toEqual(after);
  });
});
