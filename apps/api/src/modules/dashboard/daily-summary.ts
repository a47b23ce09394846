import type { PaymentMethod } from '@shop/shared';
import type { DbOrTx } from '../../db/client.ts';
import { dashboard } from './dashboard.service.ts';

export interface DailySummary {
  /** An India calendar day, `YYYY-MM-DD`. */
  day: string;
  orders: number;
  cancelled: number;
  /** Rupees, as the dashboard counts revenue: cash or paid card orders, not cancelled. */
  revenue: number;
  byPaymentMethod: { paymentMethod: PaymentMethod; orders: number; revenue: number }[];
  lowStock: { threshold: number; products: { id: number; title: string; stock: number }[] };
}

/** The dashboard's figures for one day, so the morning mail and the dashboard never disagree. */
export async function dailySummary(db: DbOrTx, day: string, threshold: number): Promise<DailySummary> {
  const d = await dashboard(db, { from: day, to: day }, threshold);
  return {
    day,
    orders: d.figures.orders,
    cancelled: d.byStatus.find((s) => s.status === 'cancelled')?.orders ?? 0,
    revenue: d.figures.revenue,
    byPaymentMethod: d.byPaymentMethod,
    lowStock: {
      threshold: d.lowStock.threshold,
      products: d.lowStock.products.map(({ id, title, stock }) => ({ id, title, stock })),
    },
  };
}
