import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { DEMO_ADMIN, expect, logInByUi, test } from './fixtures';

const SHOTS = process.env.SHOTS_DIR;
const WIDTHS = [1280, 390] as const;

/** A screenshot to look at, when SHOTS_DIR names a folder for them. */
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

const PAGES = [
  { path: '/about', heading: 'About Us', text: 'Every saree tells the story' },
  { path: '/shipping', heading: 'Shipping Info', text: 'Cash on delivery (COD)' },
  { path: '/returns', heading: 'Returns & Exchanges', text: 'within 7 days of delivery' },
  { path: '/faq', heading: 'Frequently Asked Questions', text: 'Does the saree come with a blouse piece?' },
  { path: '/contact', heading: 'Contact Us', text: 'Complaints and grievances' },
  { path: '/privacy', heading: 'Privacy Policy', text: 'Digital Personal Data Protection Act, 2023' },
  { path: '/terms', heading: 'Terms of Service', text: 'include GST' },
  { path: '/cookies', heading: 'Cookie Policy', text: 'Keeps you signed in' },
  { path: '/collections', heading: 'Collections', text: 'choose a collection' },
];

test.describe('the shop pages', () => {
  for (const width of WIDTHS) {
    for (const p of PAGES) {
      test(`${p.path} reads well and passes axe at ${width} px, titled in the page the server sends`, async ({ page, request }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(p.path);
        await expect(page.getByRole('heading', { level: 1, name: p.heading })).toBeVisible();
        await expect(page.getByText(p.text).first()).toBeVisible();
        await expectNoSeriousA11yViolations(page);
        await shot(page, `page${p.path.replace('/', '-')}-${width}`);
        if (p.path !== '/collections') {
          const html = await (await request.get(p.path)).text();
          expect(html).toContain(`<title>${p.heading.replace('&', '&amp;')} | Saree Pari</title>`);
        }
      });
    }
  }

  test('open from the footer, Special Offers lists the largest discount first, Collections a category', async ({ page, request }) => {
    await page.goto('/');
    const footer = page.locator('footer');
    for (const [link, heading] of [
      ['Privacy Policy', 'Privacy Policy'],
      ['Terms of Service', 'Terms of Service'],
      ['Cookie Policy', 'Cookie Policy'],
      ['Returns & Exchanges', 'Returns & Exchanges'],
      ['About Us', 'About Us'],
      ['Shipping Info', 'Shipping Info'],
      ['FAQ', 'Frequently Asked Questions'],
      ['Contact Us', 'Contact Us'],
    ] as const) {
      await footer.getByRole('link', { name: link, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }

    await footer.getByRole('link', { name: 'Special Offers' }).click();
    await expect(page).toHaveURL(/\?sort=biggest-discount$/);
    const best = (await (await request.get('/api/products?_sort=discountPercentage&_order=desc&_per_page=3')).json()) as { products: { title: string; discountPercentage: number }[] };
    expect(best.products[0]!.discountPercentage).toBeGreaterThanOrEqual(best.products[1]!.discountPercentage);
    await expect(page.getByRole('main').getByRole('link').filter({ hasText: best.products[0]!.title }).first()).toBeVisible();

    await page.locator('footer').getByRole('link', { name: 'Collections' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Collections' })).toBeVisible();
    const first = page.getByRole('main').getByRole('listitem').first().getByRole('link');
    const name = (await first.textContent())!.trim();
    await first.click();
    await expect(page).toHaveURL(new RegExp(`\\?category=${encodeURIComponent(name).replace(/%20/g, '(\\+|%20)')}`));
  });

  test('show the grievance officer from the shop settings on the contact page', async ({ page, request }) => {
    const settings = (await (await request.get('/api/settings')).json()) as { grievanceName: string; grievanceEmail: string };
    await page.goto('/contact');
    const officer = page.getByRole('region', { name: 'Grievance Officer' });
    await expect(officer).toContainText(settings.grievanceName);
    await expect(officer.getByRole('link', { name: settings.grievanceEmail })).toHaveAttribute('href', `mailto:${settings.grievanceEmail}`);
  });
});

test.describe('editing a shop page', () => {
  test('an admin edits with a live preview; a script or onerror in the Markdown never runs for a shopper', async ({ page, browser }) => {
    await logInByUi(page, DEMO_ADMIN);
    await page.getByRole('link', { name: 'Pages' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Shop Pages' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'admin-pages-1280');
    await page.getByRole('link', { name: 'Edit Cookie Policy' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Cookie Policy' })).toBeVisible();

    const text = page.getByLabel('Page text (Markdown)');
    await text.fill(
      [
        '## Sweets for the fairy',
        '',
        'We *love* ladoos.',
        '',
        '<script>window.__pwned = "script"</script>',
        '<img src="x" onerror="window.__pwned = \'onerror\'">',
        '<svg onload="window.__pwned = \'svg\'"></svg>',
        '[Click me](javascript:window.__pwned=\'link\')',
      ].join('\n'),
    );
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(preview.getByRole('heading', { name: 'Sweets for the fairy' })).toBeVisible();
    await expect(preview.locator('em')).toHaveText('love');
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'admin-page-edit-1280');
    await page.getByRole('button', { name: 'Save Page' }).click();
    await expect(page.getByText('Page saved')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();

    // A shopper's browser, signed out, opens the page.
    const visitor = await browser.newPage();
    const dialogs: string[] = [];
    visitor.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await visitor.goto('/cookies');
    await expect(visitor.getByRole('heading', { level: 2, name: 'Sweets for the fairy' })).toBeVisible();
    const content = visitor.locator('.shop-prose');
    await expect(content.locator('script, svg, img, [onerror], [onload]')).toHaveCount(0);
    const link = content.getByText('Click me');
    expect(await link.getAttribute('href')).toBeNull();
    await link.click();
    expect(await visitor.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    await visitor.close();

    await page.getByRole('button', { name: 'Restore Default Text' }).click();
    await expect(page.getByText('Page restored to the default text')).toBeVisible();
    await expect(preview).toContainText('Keeps you signed in');
  });

  test('the admin pages pass axe at 390 px', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 900 });
    await logInByUi(page, DEMO_ADMIN);
    await page.goto('/admin/pages');
    await expect(page.getByRole('heading', { level: 1, name: 'Shop Pages' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'admin-pages-390');
    await page.goto('/admin/pages/faq');
    await expect(page.getByRole('region', { name: 'Preview' }).getByRole('heading', { name: 'Sarees', exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'admin-page-edit-390');
  });
});
