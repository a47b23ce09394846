import { and, eq, gte, sql } from 'drizzle-orm';
import { outOfStockMessage } from '@shop/shared';
import { named, type ColumnValue, type Tx } from '../../db/client.ts';
import { conflict } from '../../lib/errors.ts';
import { products, productSummaryColumns } from './products.table.ts';

// One conditional statement per product, in product-id order: no deadlocks.

interface StockLine {
  productId: number;
  quantity: number;
  title: string;
}

function perProduct(lines: StockLine[]): StockLine[] {
  const sum = new Map<number, StockLine>();
  for (const l of lines) {
    const prev = sum.get(l.productId);
    sum.set(l.productId, { ...l, quantity: (prev?.quantity ?? 0) + l.quantity });
  }
  return [...sum.values()].sort((a, b) => a.productId - b.productId);
}

const snapshotColumns = {
  ...productSummaryColumns,
  hsn: products.hsn,
  gstRatePercent: products.gstRatePercent,
  // Left after the sale, for the low-stock alert.
  stock: products.stock,
};
type ProductSnapshot = {
  [K in keyof typeof snapshotColumns]: ColumnValue<(typeof snapshotColumns)[K]>;
};

/** Throws 409 for the first short line. `live` refuses deleted products; an admin restoring an order does not. */
export async function takeStock(
  tx: Tx,
  lines: StockLine[],
  live: boolean,
): Promise<Map<number, ProductSnapshot>> {
  const taken = new Map<number, ProductSnapshot>();
  for (const line of perProduct(lines)) {
    const [row] = await named(
      tx
        .update(products)
        .set({ stock: sql`${products.stock} - ${line.quantity}` })
        .where(
          and(
            eq(products.id, line.productId),
            gte(products.stock, line.quantity),
            live ? eq(products.deleted, false) : undefined,
          ),
        )
        .returning(snapshotColumns),
      live ? 'take_stock_live' : 'take_stock',
    );
    if (!row) throw conflict(outOfStockMessage(line.title));
    taken.set(row.id, row);
  }
  return taken;
}

export async function returnStock(tx: Tx, lines: StockLine[]): Promise<void> {
  for (const line of perProduct(lines)) {
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${line.quantity}` })
      .where(eq(products.id, line.productId));
  }
}
