import { addDays, indiaDate } from '@shop/shared';
import type { Db } from '../db/client.ts';
import { dailySummary, type DailySummary } from '../modules/dashboard/daily-summary.ts';
import { dailySummaryMail } from '../modules/dashboard/summary-mail.ts';
import { getShopSettings } from '../modules/settings/settings.service.ts';
import { adminEmails } from '../modules/users/users.service.ts';
import type { Effects } from './effects.ts';

/** docs/product.md, Mails to the shop: the admins' summary of one India day, yesterday's by default. */
export async function sendDailySummary(
  db: Db,
  fx: Effects,
  day: string = addDays(indiaDate(), -1),
): Promise<DailySummary | null> {
  const to = await adminEmails(db);
  if (to.length === 0) return null;
  const shop = await getShopSettings(db);
  const summary = await dailySummary(db, day, shop.lowStockThreshold);
  await fx.jobs.send(db, 'mail', dailySummaryMail(summary, to, fx.webUrl, shop));
  fx.jobs.wake('mail');
  return summary;
}
