import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertUser, type TestApp } from '../../../test/app.ts';
import { shopSettings } from '../settings/settings.table.ts';
import { getPage, getPageText, listPages, savePage } from './pages.service.ts';

describe('the shop pages’ default texts (docs/product.md, Your brand)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('name the shop as Shop Settings hold it now; a page the owner saved keeps its own text', async () => {
    expect((await getPageText(t.db, 'about')).summary).toMatch(/^Saree Pari brings/);
    await t.db.update(shopSettings).set({ shopName: 'Kaveri *Weaves* <i>' }).where(eq(shopSettings.id, 1));
    const owner = await insertUser(t.db, { role: 'admin' });
    await savePage(
      t.db,
      'privacy',
      { title: 'Privacy', summary: 'Ours.', markdown: 'Our own words.' },
      owner.id,
    );

    const about = await getPage(t.db, 'about');
    expect(about.summary).toMatch(/^Kaveri \*Weaves\* <i> brings/);
    // Its Markdown keeps the name as text: no emphasis, no tag.
    expect(about.html).toContain('Kaveri *Weaves* &lt;i&gt; began with a simple wish');
    const terms = await getPageText(t.db, 'terms');
    expect(terms.summary).toBe(
      'The terms on which Kaveri *Weaves* <i> sells to you: orders, prices and GST, payment and cash on delivery, delivery, returns, and your rights as a consumer.',
    );
    expect(terms.markdown).toContain('belong to Kaveri \\*Weaves\\* \\<i\\> or its suppliers');
    expect((await getPageText(t.db, 'privacy')).markdown).toBe('Our own words.');
    const list = await listPages(t.db);
    expect(list.find((p) => p.slug === 'about')?.summary).toMatch(/^Kaveri \*Weaves\* <i> brings/);
    expect(list.find((p) => p.slug === 'privacy')?.summary).toBe('Ours.');
    for (const slug of ['about', 'privacy', 'terms'] as const) {
      const page = await getPage(t.db, slug);
      expect(`${page.summary}${page.markdown}`, slug).not.toContain('Saree Pari');
    }
  });
});
