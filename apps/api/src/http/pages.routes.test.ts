import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SHOP_PAGES } from '@shop/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { shopper } from '../../test/commerce.ts';

let t: TestApp;
let admin: string;
let user: string;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://shop.example.in' });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = (await shopper(t.db, 'admin')).cookie;
  user = (await shopper(t.db, 'user')).cookie;
});

const save = (slug: string, payload: object, cookie: string | null = admin) =>
  t.app.inject({ method: 'PUT', url: `/api/pages/${slug}`, payload, headers: cookie ? { cookie } : {} });
const edited = { title: 'Our Story', summary: 'Three generations of weavers from Varanasi.', markdown: '## Where it began\n\nIn **1962**, in a lane near Dashashwamedh Ghat.' };

/** Markdown that tries every way of running a script or loading something foreign. */
const HOSTILE_MARKDOWN = [
  'Hello <script>alert("script")</script>',
  '<img src=x onerror="alert(\'img\')">',
  '<svg onload="alert(\'svg\')"><circle r="5"/></svg>',
  '[click](javascript:alert("link"))',
  '<a href="jav&#x09;ascript:alert(1)">encoded</a>',
  '<a href="/returns" onclick="alert(\'click\')">returns</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<style>body{display:none}</style><p style="color:red">styled</p>',
  '<form action="https://evil.example"><input name=x></form>',
  '![pic](javascript:alert(1)) ![ok](https://cdn.example.in/a.jpg)',
  '<object data="x.swf"></object><embed src="x.swf"><math><mi xlink:href="javascript:alert(1)">m</mi></math>',
].join('\n\n');

describe('the shop pages', () => {
  it('lists the eight pages with their default titles, none edited yet', async () => {
    const res = await t.app.inject('/api/pages');
    expect(res.statusCode).toBe(200);
    const pages = res.json<{ slug: string; title: string; summary: string; updatedAt: string | null }[]>();
    expect(pages.map((p) => p.slug)).toEqual(SHOP_PAGES.map((p) => p.slug));
    expect(pages.every((p) => p.updatedAt === null && p.summary.length > 20)).toBe(true);
  });

  it('sends a page written for a saree shop out of the box: returns within 7 days, as HTML with headings under the title', async () => {
    const res = await t.app.inject('/api/pages/returns');
    expect(res.statusCode).toBe(200);
    const page = res.json<{ title: string; markdown: string; html: string; updatedAt: null }>();
    expect(page.title).toBe('Returns & Exchanges');
    expect(page.html).toContain('<h2>The window</h2>');
    expect(page.html).toContain('<strong>within 7 days of delivery</strong>');
    expect(page.html).not.toContain('<h1');
    expect(page.updatedAt).toBeNull();
  });

  it('answers a page that does not exist with 404', async () => {
    for (const slug of ['nope', 'ABOUT', '..%2Fadmin', 'preview']) {
      const res = await t.app.inject(`/api/pages/${slug}`);
      expect(res.statusCode, slug).toBe(404);
      expect(res.json(), slug).toEqual({ message: 'Page not found' });
    }
  });

  it('lets an admin save a page, which everyone then reads, and put it back to its default', async () => {
    const res = await save('about', edited);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ slug: 'about', ...edited, html: '<h2>Where it began</h2>\n<p>In <strong>1962</strong>, in a lane near Dashashwamedh Ghat.</p>\n', updatedAt: expect.any(String) });
    expect((await t.app.inject('/api/pages/about')).json()).toMatchObject({ title: 'Our Story' });
    expect((await t.app.inject('/api/pages')).json<{ slug: string; updatedAt: string | null }[]>().find((p) => p.slug === 'about')?.updatedAt).toEqual(expect.any(String));
    // Saving again replaces the text.
    expect((await save('about', { ...edited, title: 'Our Weavers' })).json()).toMatchObject({ title: 'Our Weavers' });

    const reset = await t.app.inject({ method: 'DELETE', url: '/api/pages/about', headers: { cookie: admin } });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ title: 'About Us', updatedAt: null });
  });

  it('gives the edited title and summary to the page’s served head', async () => {
    await save('faq', { ...edited, title: 'Saree <Questions> & Answers', summary: 'Blouse pieces, "fall" and care.' });
    const res = await t.app.inject('/faq');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Saree &lt;Questions&gt; &amp; Answers | Saree Pari</title>');
    expect(res.body).toContain('<meta name="description" content="Blouse pieces, &quot;fall&quot; and care." />');
    expect(res.body).toContain('<link rel="canonical" href="https://shop.example.in/faq" />');
  });

  it('titles every page in its served head out of the box', async () => {
    const titles: Record<string, string> = {};
    for (const { slug } of SHOP_PAGES) titles[slug] = /<title>([^<]*)<\/title>/.exec((await t.app.inject(`/${slug}`)).body)?.[1] ?? '';
    expect(titles).toEqual({
      about: 'About Us | Saree Pari',
      shipping: 'Shipping Info | Saree Pari',
      returns: 'Returns &amp; Exchanges | Saree Pari',
      faq: 'Frequently Asked Questions | Saree Pari',
      contact: 'Contact Us | Saree Pari',
      privacy: 'Privacy Policy | Saree Pari',
      terms: 'Terms of Service | Saree Pari',
      cookies: 'Cookie Policy | Saree Pari',
    });
  });

  it('never lets a script, an event handler, a javascript: link or a foreign frame through, and keeps the Markdown as written', async () => {
    const res = await save('terms', { ...edited, markdown: HOSTILE_MARKDOWN });
    expect(res.statusCode).toBe(200);
    for (const html of [res.json<{ html: string }>().html, (await t.app.inject('/api/pages/terms')).json<{ html: string }>().html]) {
      expect(html).not.toMatch(/<script|<svg|<iframe|<style|<form|<input|<object|<embed|<math/i);
      expect(html).not.toMatch(/\bon[a-z]+\s*=/i);
      expect(html).not.toMatch(/javascript:|jav&#x09;ascript/i);
      expect(html).not.toMatch(/style=/i);
      expect(html).not.toContain('alert("script")');
      // What is safe stays: the text, the shop's own link, an https picture.
      expect(html).toContain('Hello');
      expect(html).toContain('<a href="/returns">returns</a>');
      expect(html).toContain('<img src="https://cdn.example.in/a.jpg" alt="ok" loading="lazy" />');
    }
    expect((await t.app.inject('/api/pages/terms')).json<{ markdown: string }>().markdown).toBe(HOSTILE_MARKDOWN);
  });

  it('previews Markdown for an admin exactly as the page will show it, sanitised the same way', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/pages/preview', headers: { cookie: admin }, payload: { markdown: '# Care\n\n<img src=x onerror=alert(1)>Dry clean *only*' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ html: '<h2>Care</h2>\n<p>Dry clean <em>only</em></p>\n' });
  });

  it('refuses an empty title, summary or text, and an over-long text, with the field’s message', async () => {
    const cases: [object, string][] = [
      [{ ...edited, title: '   ' }, 'Title is required'],
      [{ ...edited, summary: '' }, 'Summary is required'],
      [{ ...edited, markdown: '' }, 'Text is required'],
      [{ title: 'x', summary: 'y' }, 'Text is required'],
      [{ ...edited, markdown: 'x'.repeat(100_001) }, 'Text is too long'],
    ];
    for (const [payload, message] of cases) {
      const res = await save('about', payload);
      expect([res.statusCode, res.json()], message).toEqual([400, { message }]);
    }
    expect((await t.app.inject('/api/pages/about')).json()).toMatchObject({ title: 'About Us' });
  });

  it('lets no one but an admin save, reset or preview', async () => {
    for (const cookie of [user, null]) {
      const status = cookie ? 403 : 401;
      expect((await save('about', edited, cookie)).statusCode).toBe(status);
      expect((await t.app.inject({ method: 'DELETE', url: '/api/pages/about', headers: cookie ? { cookie } : {} })).statusCode).toBe(status);
      expect((await t.app.inject({ method: 'POST', url: '/api/pages/preview', payload: { markdown: 'x' }, headers: cookie ? { cookie } : {} })).statusCode).toBe(status);
    }
    expect((await t.app.inject('/api/pages/about')).json()).toMatchObject({ title: 'About Us', updatedAt: null });
  });
});
