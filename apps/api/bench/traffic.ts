import { createRandom, type Random } from '../src/db/seed/random.ts';
import type { Raw } from './load.ts';
import { shuffledIds, zipf } from './zipf.ts';

// Long-tail traffic (docs/performance.md): what a thousand shoppers ask for, not one URL repeated.
// Every draw comes from a seeded generator, so two runs ask for the same things in the same order.

/** Shoppers' page size (the web app's ITEMS_PER_PAGE). */
export const PER_PAGE = 12;
/** The shopper sorts of the listing (docs/product.md, Constants: sort options), default order first. */
const SORTS: [string, string][] = [
  ['', ''],
  ['rating', 'desc'],
  ['price', 'asc'],
  ['price', 'desc'],
  ['discountedPrice', 'asc'],
  ['discountedPrice', 'desc'],
];

export interface Catalogue {
  /** Search terms, most frequent first: words, two-word phrases, beginnings of words, brands, categories. */
  terms: string[];
  /** Terms that match no product. */
  noMatch: string[];
  /** Most products first. */
  categories: string[];
  brands: string[];
  products: number;
}

interface Group {
  title: string;
  brand: string;
  category: string;
  n: number;
}

const words = (s: string) =>
  s
    .toLowerCase()
    .split(/[\s,()/]+/)
    .filter((w) => w.length >= 3);
/** Nobody searches for these alone; they stay inside phrases. */
const STOP_WORDS = new Set(['with', 'and', 'the', 'for', 'set']);

/**
 * The catalogue's own words, each weighted by the live products it finds: what shoppers type. Read
 * once from the database, grouped by title, brand and category.
 */
export async function readCatalogue(db: Raw): Promise<Catalogue> {
  const { rows } = await db.query<Group>(
    `select title, brand, category, count(*)::int as n from products where not deleted group by 1, 2, 3`,
  );
  const weight = new Map<string, number>();
  const add = (term: string, n: number, seen: Set<string>) => {
    if (seen.has(term)) return;
    seen.add(term);
    weight.set(term, (weight.get(term) ?? 0) + n);
  };
  const byCategory = new Map<string, number>();
  const byBrand = new Map<string, number>();
  for (const g of rows) {
    byCategory.set(g.category, (byCategory.get(g.category) ?? 0) + g.n);
    byBrand.set(g.brand, (byBrand.get(g.brand) ?? 0) + g.n);
    const seen = new Set<string>();
    const title = words(g.title);
    for (const [i, w] of title.entries()) {
      if (!STOP_WORDS.has(w)) add(w, g.n, seen);
      if (i + 1 < title.length) add(`${w} ${title[i + 1]}`, g.n, seen);
      if (i + 2 < title.length) add(`${w} ${title[i + 1]} ${title[i + 2]}`, g.n, seen);
      // A word typed halfway, as the suggestions box sees it before the shopper presses Enter.
      for (let len = 4; len < w.length; len++) add(w.slice(0, len), g.n, seen);
    }
    for (const w of [
      g.brand.toLowerCase(),
      g.category.toLowerCase(),
      ...words(g.brand),
      ...words(g.category),
    ])
      add(w, g.n, seen);
  }
  const terms = [...weight.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([t]) => t);
  const haystacks = rows.flatMap((g) => [g.title, g.brand, g.category].map((s) => s.toLowerCase()));
  const random = createRandom(7);
  const noMatch: string[] = [];
  while (noMatch.length < 2_000) {
    const term = Array.from({ length: random.int(4, 7) }, () =>
      random.pick('bcdfghjklmnpqrstvwxz'.split('')),
    ).join('');
    if (!haystacks.some((h) => h.includes(term))) noMatch.push(term);
  }
  const ranked = (m: Map<string, number>) => [...m.entries()].sort((a, b) => b[1] - a[1]).map(([k]) => k);
  return {
    terms,
    noMatch,
    categories: ranked(byCategory),
    brands: ranked(byBrand),
    products: rows.reduce((a, g) => a + g.n, 0),
  };
}

/** One slip of the fingers: two letters swapped, one dropped, one doubled or one replaced. */
function typo(term: string, random: Random): string {
  const i = random.int(0, term.length - 2);
  switch (random.int(0, 3)) {
    case 0:
      return term.slice(0, i) + term[i + 1] + term[i] + term.slice(i + 2);
    case 1:
      return term.slice(0, i) + term.slice(i + 1);
    case 2:
      return term.slice(0, i) + term[i] + term.slice(i);
    default:
      return term.slice(0, i) + random.pick('aeioulnrst'.split('')) + term.slice(i + 1);
  }
}

const listQuery = (q: {
  category?: string[];
  brand?: string[];
  search?: string;
  sort: [string, string];
  page: number;
}) => {
  const p = new URLSearchParams();
  for (const c of q.category ?? []) p.append('category', c);
  for (const b of q.brand ?? []) p.append('brand', b);
  if (q.search) p.append('search', q.search);
  if (q.sort[0]) {
    p.append('_sort', q.sort[0]);
    p.append('_order', q.sort[1]);
  }
  p.append('_page', String(q.page));
  p.append('_per_page', String(PER_PAGE));
  p.append('admin', 'false');
  return `/api/products?${p.toString()}`;
};

export interface Traffic {
  /** A search as the top bar sends it: 80 % a catalogue term (Zipf), 10 % with a typo, 10 % matching nothing. */
  search(): string;
  /** A listing page: categories, brands, sort and page drawn at random, popular ones more often. */
  listing(): string;
  /** A product page, Zipf over the whole catalogue. */
  productId(): number;
  /** Distinct search terms the draws come from. */
  distinctTerms: number;
}

export function longTail(catalogue: Catalogue, seed: number): Traffic {
  const random = createRandom(seed);
  const term = zipf(catalogue.terms.length, random);
  const category = zipf(catalogue.categories.length, random);
  const brand = zipf(catalogue.brands.length, random);
  const page = zipf(10, random);
  const product = zipf(catalogue.products, random);
  const ids = shuffledIds(catalogue.products, createRandom(seed + 1));
  const some = (pick: () => number, list: string[], weights: number[]) => {
    const x = random.next();
    let count = 0;
    for (let acc = weights[0]!; x >= acc && count < weights.length - 1; acc += weights[++count]!);
    const chosen = new Set<string>();
    while (chosen.size < Math.min(count, list.length)) chosen.add(list[pick()]!);
    return [...chosen];
  };
  return {
    distinctTerms: catalogue.terms.length,
    search() {
      const x = random.next();
      const search =
        x < 0.1
          ? random.pick(catalogue.noMatch)
          : x < 0.2
            ? typo(catalogue.terms[term()]!, random)
            : catalogue.terms[term()]!;
      // Mostly the first page, in the shop's default order.
      const sort = random.chance(0.8) ? SORTS[0]! : random.pick(SORTS);
      return listQuery({ search, sort, page: random.chance(0.75) ? 1 : 1 + page() });
    },
    listing() {
      return listQuery({
        category: some(category, catalogue.categories, [0.4, 0.45, 0.15]),
        brand: some(brand, catalogue.brands, [0.5, 0.35, 0.15]),
        sort: random.pick(SORTS),
        page: 1 + page(),
      });
    },
    productId: () => ids[product()]!,
  };
}
