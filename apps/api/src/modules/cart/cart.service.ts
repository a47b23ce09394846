import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import {
  discountedPaise,
  findVariant,
  MESSAGES,
  outOfStockMessage,
  paiseToRupees,
  type CartAddBody,
  type CartItem,
  type CartPatchBody,
  type ColorImages,
  type GuestCartBody,
  type GuestCartChange,
  type GuestCartReply,
} from '@shop/shared';
import { named, perDatabase, type ColumnValue, type Db, type DbOrTx, type Tx } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { products, productVariants } from '../products/products.table.ts';
import { cartItems } from './cart.table.ts';

const lineColumns = {
  id: cartItems.id,
  quantity: cartItems.quantity,
  color: cartItems.color,
  size: cartItems.size,
  productId: products.id,
  title: products.title,
  brand: products.brand,
  thumbnail: products.thumbnail,
  pricePaise: products.pricePaise,
  discountPercentage: products.discountPercentage,
  discountedPricePaise: products.discountedPricePaise,
  stock: products.stock,
  deleted: products.deleted,
  category: products.category,
  hsn: products.hsn,
  gstRatePercent: products.gstRatePercent,
  stockPerVariant: products.stockPerVariant,
  sizeUnit: products.sizeUnit,
  colorImages: products.colorImages,
};
/** A cart line of a product with stock per variant sells that variant (decision 036). */
const variantColumns = {
  variantId: productVariants.id,
  variantSku: productVariants.sku,
  variantSize: productVariants.size,
  variantStock: productVariants.stock,
  variantPricePaise: productVariants.pricePaise,
};
const { id: _line, quantity: _q, color: _c, size: _s, productId: _p, ...productColumns } = lineColumns;
/** A product's row as a cart line shows it, with what an added or merged line is checked against. */
const sellableColumns = { ...productColumns, id: products.id, colors: products.colors, sizes: products.sizes };
// Left-joined: null on a line of one shared stock.
type VariantFields = { [K in keyof typeof variantColumns]: ColumnValue<(typeof variantColumns)[K]> | null };
type LineRow = { [K in keyof typeof lineColumns]: ColumnValue<(typeof lineColumns)[K]> } & VariantFields;
const NO_VARIANT: VariantFields = { variantId: null, variantSku: null, variantSize: null, variantStock: null, variantPricePaise: null };

function variantFields(v: VariantRow | undefined): VariantFields {
  if (!v) return NO_VARIANT;
  return { variantId: v.id, variantSku: v.sku, variantSize: v.size, variantStock: v.stock, variantPricePaise: v.pricePaise };
}

/** A variant line's stock and prices are its variant's. */
function toCartItem(r: LineRow): CartItem {
  const variant = r.variantId !== null && r.variantSize !== null;
  const pricePaise = r.variantPricePaise ?? r.pricePaise;
  const discountedPricePaise = r.variantPricePaise === null ? r.discountedPricePaise : discountedPaise(pricePaise, r.discountPercentage);
  return {
    id: r.id,
    quantity: r.quantity,
    color: r.color,
    size: r.size,
    product: {
      id: r.productId,
      title: r.title,
      brand: r.brand,
      // The chosen colour's own first photo, when it has photos of its own.
      thumbnail: colourThumbnail(r.colorImages, r.color) ?? r.thumbnail,
      discountedPrice: paiseToRupees(discountedPricePaise),
      price: paiseToRupees(pricePaise),
      discountPercentage: r.discountPercentage,
      // A line whose variant the owner no longer sells has none to buy.
      stock: variant ? r.variantStock! : r.stockPerVariant ? 0 : r.stock,
      deleted: r.deleted,
      category: r.category,
      hsn: r.hsn,
      gstRatePercent: r.gstRatePercent,
      sizeUnit: r.sizeUnit,
    },
    variant: variant ? { id: r.variantId!, sku: r.variantSku, color: r.color, size: r.variantSize! } : null,
  };
}

const withVariant = { ...lineColumns, ...variantColumns };

const colourThumbnail = (colorImages: ColorImages, color: string) =>
  colorImages.find((c) => c.color === color.toLowerCase())?.images[0];

type VariantRow = typeof productVariants.$inferSelect;

/** The variants a line may be of, for products with stock per variant: one query for any number. */
async function variantsOf(db: DbOrTx, productIds: number[]): Promise<Map<number, VariantRow[]>> {
  const rows = productIds.length === 0 ? [] : await db.select().from(productVariants).where(inArray(productVariants.productId, productIds));
  const byProduct = new Map<number, VariantRow[]>();
  for (const r of rows) byProduct.set(r.productId, [...(byProduct.get(r.productId) ?? []), r]);
  return byProduct;
}

const outOfStock = (title: string) => conflict(outOfStockMessage(title));

async function findLine(db: DbOrTx, userId: number, id: number): Promise<LineRow | undefined> {
  const [row] = await db
    .select(withVariant)
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId)));
  return row;
}

export async function listCart(db: DbOrTx, userId: number): Promise<CartItem[]> {
  const rows = await db
    .select(withVariant)
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.id));
  return rows.map(toCartItem);
}

const addStatements = perDatabase((db: Db) => {
  return {
    product: db
      .select(sellableColumns)
      .from(products)
      .where(and(eq(products.id, sql.placeholder('id')), eq(products.deleted, false)))
      .prepare('cart_add_product'),
    // The unique (user, product, colour, size) index decides between two racing requests.
    insert: db
      .insert(cartItems)
      .values({
        userId: sql.placeholder('userId'),
        productId: sql.placeholder('productId'),
        quantity: sql.placeholder('quantity'),
        color: sql.placeholder('color'),
        size: sql.placeholder('size'),
        variantId: sql.placeholder('variantId'),
      })
      .onConflictDoNothing()
      .returning({ id: cartItems.id })
      .prepare('cart_add_line'),
  };
});

/** docs/product.md, Validation: a quantity above the stock gets the out-of-stock message (409). */
export async function addToCart(db: Db, userId: number, body: CartAddBody): Promise<CartItem> {
  const statements = addStatements(db);
  const [product] = await statements.product.execute({ id: body.product });
  if (!product) throw notFound('Product not found');
  const color = product.colors.find((c) => c.toLowerCase() === body.color.toLowerCase());
  if (color === undefined) throw badRequest(MESSAGES.selectColor);
  if (!product.sizes.includes(body.size)) throw badRequest(MESSAGES.selectSize);
  const variant = product.stockPerVariant ? await sellingVariant(db, product, body) : undefined;
  const stock = variant?.stock ?? product.stock;
  if (stock <= 0 || body.quantity > stock) throw outOfStock(product.title);
  const line = { color, size: body.size, variantId: variant?.id ?? null };
  const [inserted] = await statements.insert.execute({ userId, productId: product.id, quantity: body.quantity, ...line });
  if (!inserted) throw conflict(MESSAGES.productInCart);
  // Not read back: a checkout at the same moment may have taken the line already.
  return toCartItem({ ...product, ...variantFields(variant), productId: product.id, id: inserted.id, quantity: body.quantity, ...line });
}

/** The variant of the body's colour and size; a pair the product does not sell is the client's mistake. */
async function sellingVariant(db: DbOrTx, product: { id: number; title: string }, body: CartAddBody): Promise<VariantRow> {
  const variants = (await variantsOf(db, [product.id])).get(product.id) ?? [];
  const variant = findVariant(variants, body.color, body.size);
  if (!variant || (body.variant !== undefined && body.variant !== variant.id))
    throw badRequest(`${product.title} is not sold in that colour and size`);
  return variant;
}

export async function updateCartItem(db: DbOrTx, userId: number, id: number, body: CartPatchBody): Promise<CartItem> {
  const line = await findLine(db, userId, id);
  if (!line) throw notFound('Cart item not found');
  if (line.deleted || body.quantity > toCartItem(line).product.stock) throw outOfStock(line.title);
  const [updated] = await db
    .update(cartItems)
    .set({ quantity: body.quantity })
    .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId)))
    .returning({ id: cartItems.id });
  if (!updated) throw notFound('Cart item not found');
  return toCartItem({ ...line, quantity: body.quantity });
}

export async function removeCartItem(db: DbOrTx, userId: number, id: number): Promise<{ id: number }> {
  const [removed] = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId)))
    .returning({ id: cartItems.id });
  if (!removed) throw notFound('Cart item not found');
  return removed;
}

export async function emptyCart(db: DbOrTx, userId: number): Promise<number> {
  const removed = await db.delete(cartItems).where(eq(cartItems.userId, userId)).returning({ id: cartItems.id });
  return removed.length;
}

interface CheckoutLine {
  id: number;
  productId: number;
  variantId: number | null;
  quantity: number;
  color: string;
  size: number;
  title: string;
}

const checkoutColumns = {
  id: cartItems.id,
  productId: cartItems.productId,
  variantId: cartItems.variantId,
  quantity: cartItems.quantity,
  color: cartItems.color,
  size: cartItems.size,
};

/**
 * Two checkouts of one cart take turns on its rows. A cash order takes the lines by deleting them (a
 * refusal rolls it back); a card order keeps them until it is paid (`keep`) and only locks them.
 */
export async function takeCheckoutLines(tx: Tx, userId: number, keep: boolean): Promise<CheckoutLine[]> {
  const lines = keep
    ? await named(
        tx
          .select({ ...checkoutColumns, title: products.title })
          .from(cartItems)
          .innerJoin(products, eq(products.id, cartItems.productId))
          .where(eq(cartItems.userId, userId))
          .for('update', { of: cartItems }),
        'checkout_lock_cart',
      )
    : await named(
        tx
          .delete(cartItems)
          .where(eq(cartItems.userId, userId))
          .returning({
            ...checkoutColumns,
            title: sql<string>`(select ${products.title} from ${products} where ${products.id} = ${cartItems.productId})`,
          }),
        'checkout_take_cart',
      );
  return lines.sort((a, b) => a.id - b.id);
}

export async function removeBoughtLines(tx: Tx, userId: number, bought: { productId: number; color: string; size: number }[]): Promise<void> {
  if (bought.length === 0) return;
  await tx
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), or(...bought.map((i) => and(eq(cartItems.productId, i.productId), eq(cartItems.color, i.color), eq(cartItems.size, i.size))))));
}

type GuestLine = GuestCartBody['items'][number];
const lineKey = (productId: number, color: string, size: number) => `${productId} ${color.toLowerCase()} ${size}`;

async function sellableProducts(db: DbOrTx, ids: number[]) {
  const query = db
    .select(sellableColumns)
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.deleted, false)));
  const rows = ids.length > 0 ? await query : [];
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * The guest's lines against today's products: the same product, colour and size once (quantities
 * added), each capped by the stock left after `have` (what the account's cart holds already).
 */
async function resolveGuestLines(db: DbOrTx, lines: GuestLine[], have: ReadonlyMap<string, number>) {
  const sellable = await sellableProducts(db, [...new Set(lines.map((l) => l.product))]);
  const variants = await variantsOf(db, [...sellable.values()].filter((p) => p.stockPerVariant).map((p) => p.id));
  const wanted = new Map<string, GuestLine>();
  for (const l of lines) {
    const key = lineKey(l.product, l.color, l.size);
    const prior = wanted.get(key);
    wanted.set(key, prior ? { ...prior, quantity: prior.quantity + l.quantity } : l);
  }
  const keep: LineRow[] = [];
  const changes: GuestCartChange[] = [];
  for (const [key, l] of wanted) {
    const p = sellable.get(l.product);
    const color = p?.colors.find((c) => c.toLowerCase() === l.color.toLowerCase());
    const variant = p?.stockPerVariant ? findVariant(variants.get(p.id) ?? [], l.color, l.size) : undefined;
    const sold = p !== undefined && color !== undefined && p.sizes.includes(l.size) && (!p.stockPerVariant || variant !== undefined);
    const stock = variant?.stock ?? p?.stock ?? 0;
    const already = have.get(key) ?? 0;
    const total = sold ? Math.min(already + l.quantity, stock) : already;
    const kept = Math.max(0, total - already);
    if (kept < l.quantity) {
      const reason = !sold ? 'unavailable' : stock <= already ? 'out_of_stock' : 'capped';
      changes.push({ product: l.product, title: p?.title ?? '', color: color ?? l.color, size: l.size, asked: l.quantity, kept, reason });
    }
    if (sold && total > already)
      keep.push({ ...p, ...variantFields(variant), productId: p.id, id: 0, quantity: total, color, size: l.size });
  }
  return { keep, changes };
}

/** A guest cart priced now, nothing stored: what its page shows. */
export async function quoteGuestCart(db: DbOrTx, body: GuestCartBody): Promise<GuestCartReply> {
  const { keep, changes } = await resolveGuestLines(db, body.items, new Map());
  return { items: keep.map((row, i) => toCartItem({ ...row, id: i + 1 })), changes };
}

/** Adds a guest cart to the account's, in the caller's transaction: the account's lines are locked first, so two merges take turns. */
export async function mergeGuestLines(tx: Tx, userId: number, body: GuestCartBody): Promise<GuestCartChange[]> {
  const held = await tx
    .select({ productId: cartItems.productId, color: cartItems.color, size: cartItems.size, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .for('update');
  const have = new Map(held.map((h) => [lineKey(h.productId, h.color, h.size), h.quantity]));
  const { keep, changes } = await resolveGuestLines(tx, body.items, have);
  if (keep.length > 0) {
    await tx
      .insert(cartItems)
      .values(keep.map((k) => ({ userId, productId: k.productId, quantity: k.quantity, color: k.color, size: k.size, variantId: k.variantId })))
      .onConflictDoUpdate({
        target: [cartItems.userId, cartItems.productId, cartItems.color, cartItems.size],
        set: { quantity: sql`excluded.quantity`, variantId: sql`excluded.variant_id` },
      });
  }
  return changes;
}
