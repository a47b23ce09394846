import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { SHOPPER_SORT_KEYS, type ProductListQuery } from '@shop/shared';
import type { Db } from '../../db/client.ts';
import { products } from './products.table.ts';

// Decision 025: answers exactly as `pageIds` and `countLiveProducts` do, so a term is used only when
// it is printable ASCII, which JavaScript lowers as the database does.
interface ShopperListQuery extends Pick<ProductListQuery, 'category' | 'brand' | 'search' | '_sort' | '_order'> {
  _page: number;
  _per_page: number;
}

const SORT_KEYS = SHOPPER_SORT_KEYS;
type SortKey = (typeof SORT_KEYS)[number];
const isSortKey = (key: string | undefined): key is SortKey => (SORT_KEYS as readonly (string | undefined)[]).includes(key);

const CHUNK = 10_000;
const PLAIN_TERM = /^[\x20-\x7e]+$/;
/** Nothing PostgreSQL stores in text contains it, so no term can match across two titles. */
const SEPARATOR = '\u0000';

/** Numbers in PostgreSQL's order for float8: NaN after every number. */
function compareNumbers(a: number, b: number): number {
  if (a === b) return 0;
  if (Number.isNaN(a)) return 1;
  if (Number.isNaN(b)) return -1;
  return a - b;
}

class Names {
  readonly values: string[] = [];
  readonly lowered: string[] = [];
  private readonly ids = new Map<string, number>();
  idOf(value: string, lowered: string): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.ids.set(value, id);
      this.values.push(value);
      this.lowered.push(lowered);
    }
    return id;
  }
  marked(list: string[] | undefined): Uint8Array | null {
    if (!list?.length) return null;
    const marks = new Uint8Array(this.values.length);
    for (const value of list) {
      const id = this.ids.get(value);
      if (id !== undefined) marks[id] = 1;
    }
    return marks;
  }
  containing(term: string): Uint8Array {
    return Uint8Array.from(this.lowered, (name) => (name.includes(term) ? 1 : 0));
  }
}

export class CatalogueIndex {
  private constructor(
    private readonly ids: Int32Array,
    private readonly category: Int32Array,
    private readonly brand: Int32Array,
    private readonly title: Int32Array,
    private readonly categories: Names,
    private readonly brands: Names,
    private readonly titleText: string,
    private readonly titleStarts: Int32Array,
    private readonly orders: Record<SortKey, { asc: Int32Array; desc: Int32Array }>,
  ) {}

  get size(): number {
    return this.ids.length;
  }

  /** The details' filters (fabric, occasion) are the database's: the index holds no details. */
  answers(query: Pick<ProductListQuery, 'search' | 'fabric' | 'occasion'>): boolean {
    if (query.fabric?.length || query.occasion?.length) return false;
    const term = query.search?.trim();
    return !term || PLAIN_TERM.test(term);
  }

  list(query: ShopperListQuery): { ids: number[]; total: number } {
    return { ids: this.page(query), total: this.count(query) };
  }

  count(query: Pick<ShopperListQuery, 'category' | 'brand' | 'search'>): number {
    const matches = this.matcher(query);
    if (!matches) return 0;
    let total = 0;
    for (let row = 0; row < this.ids.length; row++) if (matches(row)) total++;
    return total;
  }

  page(query: ShopperListQuery): number[] {
    const matches = this.matcher(query);
    if (!matches) return [];
    const order = isSortKey(query._sort) ? this.orders[query._sort][query._order === 'desc' ? 'desc' : 'asc'] : null;
    const first = (query._page - 1) * query._per_page;
    const end = first + query._per_page;
    const ids: number[] = [];
    for (let i = 0, seen = 0; i < this.ids.length && seen < end; i++) {
      const row = order ? order[i]! : i;
      if (!matches(row)) continue;
      if (seen >= first) ids.push(this.ids[row]!);
      seen++;
    }
    return ids;
  }

  private matcher(query: Pick<ShopperListQuery, 'category' | 'brand' | 'search'>): ((row: number) => boolean) | undefined {
    const categoryOk = this.categories.marked(query.category);
    const brandOk = this.brands.marked(query.brand);
    const term = query.search?.trim().toLowerCase();
    const titleHit = term ? this.titlesContaining(term) : null;
    const categoryHit = term ? this.categories.containing(term) : null;
    const brandHit = term ? this.brands.containing(term) : null;
    if (term && ![titleHit!, categoryHit!, brandHit!].some((hits) => hits.includes(1))) return undefined;
    const { category, brand, title } = this;
    return (row) =>
      (!categoryOk || categoryOk[category[row]!] === 1) &&
      (!brandOk || brandOk[brand[row]!] === 1) &&
      (!titleHit || titleHit[title[row]!] === 1 || categoryHit![category[row]!] === 1 || brandHit![brand[row]!] === 1);
  }

  private titlesContaining(term: string): Uint8Array {
    const hits = new Uint8Array(this.titleStarts.length);
    const starts = this.titleStarts;
    for (let at = this.titleText.indexOf(term); at !== -1; ) {
      let lo = 0;
      let hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (starts[mid]! <= at) lo = mid;
        else hi = mid - 1;
      }
      hits[lo] = 1;
      const next = lo + 1 < starts.length ? starts[lo + 1]! : this.titleText.length;
      at = this.titleText.indexOf(term, next);
    }
    return hits;
  }

  /** The chunks see different moments: ProductCache.latest drops a load that a write overtook. */
  static async load(db: Db): Promise<CatalogueIndex | undefined> {
    const probe = (await db.execute(sql`select lower('ABCDEFGHIJKLMNOPQRSTUVWXYZ') as lowered`)) as unknown as {
      rows: { lowered: string }[];
    };
    if (probe.rows[0]?.lowered !== 'abcdefghijklmnopqrstuvwxyz') return undefined;
    const ids: number[] = [];
    const category: number[] = [];
    const brand: number[] = [];
    const title: number[] = [];
    const keys = Object.fromEntries(SORT_KEYS.map((key) => [key, [] as number[]])) as Record<SortKey, number[]>;
    const categories = new Names();
    const brands = new Names();
    const titles = new Names();
    for (let last = 0; ; ) {
      const rows = await db
        .select({
          id: products.id,
          title: sql<string>`lower(${products.title})`,
          category: products.category,
          categoryLower: sql<string>`lower(${products.category})`,
          brand: products.brand,
          brandLower: sql<string>`lower(${products.brand})`,
          rating: products.rating,
          price: products.pricePaise,
          discountedPrice: products.discountedPricePaise,
          discountPercentage: products.discountPercentage,
        })
        .from(products)
        .where(and(eq(products.deleted, false), gt(products.id, last)))
        .orderBy(asc(products.id))
        .limit(CHUNK);
      for (const r of rows) {
        ids.push(r.id);
        category.push(categories.idOf(r.category, r.categoryLower));
        brand.push(brands.idOf(r.brand, r.brandLower));
        title.push(titles.idOf(r.title, r.title));
        for (const key of SORT_KEYS) keys[key].push(r[key]);
      }
      if (rows.length < CHUNK) break;
      last = rows[rows.length - 1]!.id;
    }
    const starts = new Int32Array(titles.lowered.length);
    let offset = 0;
    titles.lowered.forEach((t, i) => {
      starts[i] = offset;
      offset += t.length + SEPARATOR.length;
    });
    const sorted = async (key: SortKey, direction: 1 | -1) => {
      // Requests waiting meanwhile are served between the sorts.
      await new Promise((resolve) => setImmediate(resolve));
      const values = keys[key];
      // Rows are in id order, so the row number breaks ties as the id does.
      return Int32Array.from(ids.keys()).sort((a, b) => direction * compareNumbers(values[a]!, values[b]!) || a - b);
    };
    const orders = {} as CatalogueIndex['orders'];
    for (const key of SORT_KEYS) orders[key] = { asc: await sorted(key, 1), desc: await sorted(key, -1) };
    return new CatalogueIndex(
      Int32Array.from(ids),
      Int32Array.from(category),
      Int32Array.from(brand),
      Int32Array.from(title),
      categories,
      brands,
      titles.lowered.join(SEPARATOR),
      starts,
      orders,
    );
  }
}
