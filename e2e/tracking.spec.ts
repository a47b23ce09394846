import {
  test,
  expect,
  DEMO_ADMIN,
  inStock,
  logInByUi,
  newUser,
  placeCashOrderByApi,
} from './fixtures';
import { expectNoSeriousA11yViolations } from './a11y';

test('an admin books a parcel and moves it on; anyone with its AWB tracks it, and the order’s phone shows the address', async ({
  page,
  browser,
  playwright,
}, info) => {
  test.slow(); // three sessions
  const api = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
  const [product] = await inStock(api, 1, (p) => p.colors.length > 0 && p.sizes.length > 0);
  const shopper = newUser();
  const id = await placeCashOrderByApi(api, shopper, [{ product: product!, quantity: 1 }]);
  const awb = `TRK-${id}-${Date.now()}`;

  await logInByUi(page, DEMO_ADMIN);
  await page.goto(`/admin/order-detail?id=${id}`);
  const shipment = page.getByRole('region', { name: 'Shipment' });
  await shipment.getByLabel('Courier name').fill('Delhivery');
  await shipment.getByLabel('AWB').fill(awb);
  await shipment.getByRole('button', { name: 'Book shipment' }).click();
  await expect(shipment).toContainText(awb);
  // The label the panel links to: a 4 × 6 inch PDF with the AWB (its Code 128 is read back in the API tests).
  const label = shipment.getByRole('link', { name: /Print label/ });
  const pdf = await page.request.get((await label.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).toString('latin1')).toMatch(/MediaBox \[0 0 288 432\]/);
  await page
    .getByRole('group', { name: 'Move to' })
    .getByRole('button', { name: 'Mark out for delivery' })
    .click();
  await expect(page.getByRole('region', { name: 'Status' })).toContainText('Stage: Out for delivery');
  await expectNoSeriousA11yViolations(page);

  // A visitor, signed out, with the courier's number.
  const visitor = await browser.newContext({ baseURL: info.project.use.baseURL, reducedMotion: 'reduce' });
  const track = await visitor.newPage();
  await track.goto('/track');
  await track.getByLabel('Order number or AWB').fill(awb);
  await track.getByRole('button', { name: 'Track' }).click();
  await expect(track).toHaveURL(new RegExp(`/track/${awb}$`));
  await expect(track.getByRole('heading', { level: 1, name: 'Out for delivery' })).toBeVisible();
  await expect(track.getByText(`Order #${id}`)).toBeVisible();
  await expect(track.getByRole('region', { name: 'Parcel details' })).toContainText(`AWB ${awb}`);
  await expect(
    track.getByRole('list', { name: 'Tracking history' }).getByRole('listitem').first(),
  ).toContainText('Out for delivery');

  const address = track.getByRole('region', { name: 'Delivery address' });
  await expect(address).not.toContainText('Marine Drive');
  await address.getByLabel('Phone number or email').fill('someone.else@example.com');
  await address.getByRole('button', { name: 'Show address' }).click();
  await expect(address).toContainText('That does not match the phone number or email on this order');
  await address.getByLabel('Phone number or email').fill(shopper.phoneNumber);
  await address.getByRole('button', { name: 'Show address' }).click();
  await expect(address).toContainText('12 Marine Drive');
  await expectNoSeriousA11yViolations(track);
  await track.screenshot({ path: info.outputPath('tracking-1280.png'), fullPage: true });
  await track.setViewportSize({ width: 390, height: 844 });
  await track.screenshot({ path: info.outputPath('tracking-390.png'), fullPage: true });

  await track.goto('/track/ZZZ-NOT-A-PARCEL');
  await expect(
    track.getByRole('heading', {
      level: 1,
      name: 'We could not find an order or parcel with “ZZZ-NOT-A-PARCEL”',
    }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(track);
  await visitor.close();

  // The shopper's own order links to the same page, on a phone.
  const mine = await browser.newContext({ baseURL: info.project.use.baseURL, reducedMotion: 'reduce', viewport: { width: 390, height: 844 } });
  const orders = await mine.newPage();
  await logInByUi(orders, shopper);
  await orders.goto('/orders');
  const card = orders.getByRole('article', { name: `Order #${id}`, exact: true });
  await expect(card).toContainText(awb);
  await card.getByRole('link', { name: /^Track your parcel/ }).click();
  await expect(orders).toHaveURL(new RegExp(`/track/${id}$`));
  await expect(orders.getByRole('heading', { level: 1, name: 'Out for delivery' })).toBeVisible();
  await expectNoSeriousA11yViolations(orders);
  await orders.screenshot({ path: info.outputPath('tracking-shopper-390.png'), fullPage: true });
  await mine.close();
  await api.dispose();
});
