import sharp from 'sharp';
import { request as apiRequest } from '@playwright/test';
import { test, expect, DEMO_ADMIN, logInByUi } from './fixtures';
import { expectNoSeriousA11yViolations } from './a11y';

/** A small square logo, drawn here so the journey needs no picture in the repository. */
function logoPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120">
    <rect width="120" height="120" rx="24" fill="#0f4c5c"/>
    <circle cx="60" cy="60" r="34" fill="#e0a526"/>
    <text x="60" y="74" font-size="40" font-family="serif" text-anchor="middle" fill="#0f4c5c">K</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

test('the owner renames the shop and uploads a logo; the top bar shows them on the phone and the desktop', async ({
  page,
  baseURL,
}, testInfo) => {
  // The journeys share one server: what this one changes is put back at the end, whatever happens.
  const admin = await apiRequest.newContext({ baseURL });
  expect((await admin.post('/api/auth/login', { data: DEMO_ADMIN })).ok()).toBe(true);
  const before = (await (await admin.get('/api/settings/admin')).json()) as Record<string, unknown>;
  const name = 'Kamala Silks';
  try {
    await logInByUi(page, DEMO_ADMIN);
    await page.goto('/admin/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Shop Settings' })).toBeVisible();
    const brand = page.getByRole('region', { name: 'Your brand' });
    await brand.getByLabel('Shop name').fill(name);
    await brand.getByLabel('Brand colour hex').fill('#0f4c5c');
    await page.getByLabel('Instagram').fill('https://www.instagram.com/kamalasilks');
    await page.getByLabel('WhatsApp number').fill('+91 98450 12345');
    await brand
      .getByLabel('Upload Logo')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await logoPng() });
    await expect(brand.getByRole('img', { name: 'Logo preview' })).toHaveAttribute(
      'src',
      /^\/uploads\/brand\/[0-9a-f]{32}-\d+x\d+\.webp$/,
    );
    await expectNoSeriousA11yViolations(page);
    await brand.screenshot({ path: testInfo.outputPath('brand-settings.png') });
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Shop settings saved')).toBeVisible();
    // This page's top bar follows at once, before any reload.
    await expect(page.locator('header').first().getByRole('img', { name })).toBeVisible();

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
      await page.goto('/');
      const topBar = page.locator('header').first();
      const logo = topBar.getByRole('img', { name });
      await expect(logo).toBeVisible();
      await expect(logo).toHaveJSProperty('complete', true);
      expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await expect(topBar).toContainText(name);
      const footer = page.getByRole('contentinfo');
      await expect(footer).toContainText(`© ${new Date().getFullYear()} ${name}`);
      await expect(footer.getByRole('link', { name: `${name} on Instagram` })).toHaveAttribute('href', 'https://www.instagram.com/kamalasilks');
      await expect(footer.getByRole('link', { name: /Chat with us/ })).toHaveAttribute('href', /^https:\/\/wa\.me\/919845012345/);
      // The brand colour is the served page's own: the top bar is drawn in it from the first paint.
      await expect(topBar).toHaveCSS('background-color', 'rgb(15, 76, 92)');
      await expect(page.locator('#shop-brand')).toHaveCount(1);
      await page.screenshot({ path: testInfo.outputPath(`brand-${width}.png`) });
    }
  } finally {
    const restored = await admin.put('/api/settings', { data: before });
    expect(restored.ok(), await restored.text()).toBe(true);
    await admin.dispose();
  }
});
