import { test, expect, DEMO_ADMIN, logInByUi } from './fixtures';
import { expectNoSeriousA11yViolations } from './a11y';

test('an admin opens Shop Settings from the navigation, is told what is wrong, saves, and the footer shows the new contacts', async ({
  page,
}, testInfo) => {
  await logInByUi(page, DEMO_ADMIN);
  await page.goto('/admin');
  await page.getByRole('navigation').getByRole('link', { name: 'Settings' }).first().click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Shop Settings' })).toBeVisible();
  const phone = page.getByLabel('Support phone');
  await expect(phone).not.toHaveValue('');
  const before = await phone.inputValue();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('shop-settings-1280.png'), fullPage: true });

  await page.getByLabel('GSTIN').fill('27AAAAA0000A1Z3');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(
    page.getByText('The GSTIN’s check character does not match: please look for a typo'),
  ).toBeVisible();
  await page.getByLabel('GSTIN').fill('27AAAAA0000A1Z2');
  await phone.fill('+91 22 4000 1000');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Shop settings saved')).toBeVisible();

  // The footer on this page follows at once, and a new visit reads it from the server.
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: '+91 22 4000 1000' })).toBeVisible();
  await page.goto('/');
  await expect(footer.getByRole('link', { name: '+91 22 4000 1000' })).toBeVisible();
  await expect(footer).toContainText('Grievance Officer:');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/settings');
  await expect(page.getByLabel('Support phone')).toHaveValue('+91 22 4000 1000');
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('shop-settings-390.png'), fullPage: true });

  // Other journeys of the run see the shop as it was.
  await page.getByLabel('Support phone').fill(before);
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Shop settings saved')).toBeVisible();
});
