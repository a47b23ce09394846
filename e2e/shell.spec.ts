import { test, expect } from './fixtures';

test('the server serves the app on every page route', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('#root')).not.toBeEmpty();
});
