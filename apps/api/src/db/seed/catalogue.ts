import { discountedPaise, FREE_SIZE, LETTER_SIZE_NUMBERS, taxClassOf, type Address, type ProductDetails, type VariantBody } from '@shop/shared';
import type { products } from '../../modules/products/products.table.ts';
import { createRandom, mixSeed, type Random } from './random.ts';
import { TEXTILE_VIEWS, type MotifKind, type TextileDesign, type TextileStyle } from './textile.ts';

/** The demo catalogue: believable Indian textiles, generated from a seed so every run is the same. */

export type ProductRow = Omit<typeof products.$inferInsert, 'id'>;
/** A product and, when it keeps stock per colour × size, its variants (decision 036). */
export type SeedProduct = ProductRow & { variants: VariantBody[] };

interface Shade {
  name: string;
  hex: string;
}

const RICH: Shade[] = [
  { name: 'Peacock Blue', hex: '#0b5e73' },
  { name: 'Kumkum Red', hex: '#a3122a' },
  { name: 'Maroon', hex: '#6e0f1f' },
  { name: 'Rani Pink', hex: '#c2185b' },
  { name: 'Emerald Green', hex: '#0d6b45' },
  { name: 'Royal Purple', hex: '#4b1f6f' },
  { name: 'Magenta', hex: '#9c1d6b' },
  { name: 'Navy Blue', hex: '#1b2a5c' },
  { name: 'Bottle Green', hex: '#114232' },
  { name: 'Marigold', hex: '#d9661a' },
  { name: 'Wine', hex: '#5a1030' },
  { name: 'Teal', hex: '#0f6e6e' },
  { name: 'Mustard', hex: '#b8860b' },
];
const LIGHT: Shade[] = [
  { name: 'Ivory', hex: '#f3ead6' },
  { name: 'Off White', hex: '#f7f1e3' },
  { name: 'Mint Green', hex: '#cce8d8' },
  { name: 'Powder Blue', hex: '#cfe0f1' },
  { name: 'Blush Pink', hex: '#f4d3d7' },
  { name: 'Lemon Yellow', hex: '#f5e9a8' },
  { name: 'Sage', hex: '#d3dec6' },
];
const PRINT: Shade[] = [
  { name: 'Indigo', hex: '#2a3570' },
  { name: 'Rust', hex: '#a8461e' },
  { name: 'Madder Red', hex: '#9b2226' },
  { name: 'Forest Green', hex: '#2d5a3d' },
  { name: 'Kohl Black', hex: '#242424' },
];

interface CategoryPlan {
  name: string;
  style: TextileStyle;
  /** Whether the ground is a light shade printed in a darker one (cotton, block print). */
  light: boolean;
  brands: string[];
  kinds: string[];
  noun: string;
  features: string[];
  rupees: [number, number];
  /** Sarees by their length in metres (one per saree), kurtis by letter, dupattas in one Free Size. */
  sold: 'length' | 'inches' | 'letters' | 'freeSize';
  sizes: number[];
  fabric: string;
  occasions: string[];
  highlights: string[][];
  description: (r: Random, p: { kind: string; shade: string; contrast: string; feature: string; metal: string }) => string;
}

export const BRANDS = [
  'Kanchi Silk Weavers',
  'Mysuru Silk Mandir',
  'Varanasi Zari House',
  'Pochampally Looms',
  'Bengal Tant Ghar',
  'Chanderi Tales',
  'Rajwada Couture',
  'Gulabo Ethnic',
  'Sanganer Prints',
  'Rangrez Jaipur',
] as const;

// Georgette is woven of synthetic filament: not its category's HSN (CATEGORY_TAX in packages/shared).
const HSN_BY_KIND: Record<string, string> = { 'Banarasi Georgette': '5407' };

const CATEGORY_PLANS: CategoryPlan[] = [
  {
    name: 'Silk Sarees',
    style: 'kanjivaram',
    light: false,
    brands: ['Kanchi Silk Weavers', 'Mysuru Silk Mandir', 'Pochampally Looms'],
    kinds: ['Kanjivaram Pure Silk', 'Mysore Crepe Silk', 'Soft Silk', 'Arani Silk', 'Dharmavaram Silk', 'Tussar Silk', 'Pochampally Ikat Silk'],
    noun: 'Saree',
    features: ['Temple Border', 'Zari Butis', 'Contrast Pallu', 'Korvai Border', 'Mango Butta', 'Peacock Border'],
    rupees: [2999, 18999],
    sold: 'length',
    sizes: [5.5, 6.3],
    fabric: 'Silk',
    occasions: ['Wedding', 'Festive', 'Puja'],
    highlights: [
      ['Pure mulberry silk, handwoven', 'Soft silk with a rich sheen', 'Pure silk with silk mark certification'],
      ['Tested zari border and pallu', 'Contrast korvai border woven in one piece', 'Traditional temple border with zari butis'],
      ['Saree length 5.5 m with 0.8 m unstitched blouse piece', 'Saree length 6.3 m including blouse piece'],
      ['Dry clean only', 'Dry clean only; store folded in a muslin cloth'],
    ],
    description: (r, p) =>
      `${r.pick(['Woven on pit looms in Kanchipuram', 'Handwoven by master weavers in Karnataka', 'Woven in the silk clusters of Tamil Nadu'])}, this ${p.shade.toLowerCase()} ${p.kind.toLowerCase()} saree pairs a ${p.contrast.toLowerCase()} border with ${p.metal} zari ${p.feature.toLowerCase()}. ` +
      `${r.pick(['The richly worked pallu falls beautifully over the shoulder', 'The heavy pallu carries rows of mango motifs', 'A zari-lined pallu completes the drape'])}, and an unstitched blouse piece comes with it. ` +
      r.pick(['A natural choice for weddings and temple mornings.', 'Made for muhurtham, receptions and Diwali pujas.', 'An heirloom to pass down.']),
  },
  {
    name: 'Cotton Sarees',
    style: 'checks',
    light: true,
    brands: ['Bengal Tant Ghar', 'Chanderi Tales', 'Pochampally Looms'],
    kinds: ['Chanderi Cotton', 'Bengal Tant', 'Kota Doria', 'Mangalagiri Cotton', 'Chettinad Cotton', 'Sambalpuri Cotton', 'Handloom Khadi'],
    noun: 'Saree',
    features: ['Checks', 'Zari Stripes', 'Nizam Border', 'Thread Butis', 'Woven Checks'],
    rupees: [799, 3499],
    sold: 'length',
    sizes: [5.5, 6],
    fabric: 'Cotton',
    occasions: ['Daily wear', 'Office wear', 'Casual'],
    highlights: [
      ['Breathable handloom cotton', 'Fine count cotton, light on the skin', 'Soft cotton, starched crisp'],
      ['Woven checks with a contrast border', 'Thread-work butis on the body', 'Slim zari lines along the border'],
      ['Saree length 5.5 m with blouse piece', 'Saree length 6 m without blouse piece'],
      ['Hand wash separately in cold water', 'Gentle hand wash; dry in shade'],
    ],
    description: (r, p) =>
      `An everyday ${p.kind.toLowerCase()} saree in ${p.shade.toLowerCase()} with ${p.contrast.toLowerCase()} ${p.feature.toLowerCase()}, ${r.pick(['woven on handlooms in West Bengal', 'from weavers in Andhra Pradesh', 'from the looms of Madhya Pradesh'])}. ` +
      `${r.pick(['It stays cool through long summer days', 'It drapes easily and keeps its crisp fall', 'Light enough for the office, pretty enough for a family lunch'])}. ` +
      r.pick(['Colours may bleed in the first wash.', 'Slight irregularities are the mark of the handloom.', 'Starch lightly for a crisp finish.']),
  },
  {
    name: 'Banarasi Sarees',
    style: 'brocade',
    light: false,
    brands: ['Varanasi Zari House', 'Rajwada Couture'],
    kinds: ['Banarasi Katan Silk', 'Banarasi Organza', 'Banarasi Georgette', 'Banarasi Tissue', 'Banarasi Kadhua Silk', 'Banarasi Tanchoi'],
    noun: 'Saree',
    features: ['Gold Zari Jaal', 'Kadhua Butis', 'Meenakari Border', 'Shikargah Pallu', 'Floral Jaal'],
    rupees: [4999, 24999],
    sold: 'length',
    sizes: [5.5, 6.3],
    fabric: 'Silk',
    occasions: ['Wedding', 'Festive', 'Reception'],
    highlights: [
      ['Pure katan silk from Varanasi', 'Handwoven brocade with a silk base', 'Lightweight organza with zari weave'],
      ['All-over zari jaal with kadhua butis', 'Meenakari work in contrast threads', 'Heavy pallu with shikargah motifs'],
      ['Saree length 5.5 m with 0.8 m brocade blouse piece', 'Saree length 6.3 m including blouse piece'],
      ['Dry clean only', 'Dry clean only; keep away from perfume'],
    ],
    description: (r, p) =>
      `A ${p.shade.toLowerCase()} ${p.kind.toLowerCase()} saree with ${p.feature.toLowerCase()}, ${r.pick(['handwoven in the lanes of Madanpura, Varanasi', 'woven over weeks on a jacquard handloom in Varanasi', 'from a family of Banarasi weavers'])}. ` +
      `The ${p.metal} zari glows against the ${p.contrast.toLowerCase()} border${r.pick([', and the pallu is woven densely end to end', ', with a pallu of scalloped motifs', ''])}. ` +
      r.pick(['A bridal trousseau favourite.', 'Made for weddings, sangeets and festive evenings.', 'The saree to wear when the whole family gathers.']),
  },
  {
    name: 'Lehengas',
    style: 'lehenga',
    light: false,
    brands: ['Rajwada Couture', 'Gulabo Ethnic'],
    kinds: ['Bridal Velvet Lehenga', 'Silk Lehenga Choli', 'Georgette Lehenga Set', 'Banarasi Brocade Lehenga', 'Mirror Work Lehenga', 'Chaniya Choli'],
    noun: '',
    features: ['Zardozi Work', 'Gota Patti', 'Mirror Work', 'Sequin Embroidery', 'Resham Embroidery'],
    rupees: [3999, 24999],
    sold: 'inches',
    sizes: [30, 32, 34, 36, 38, 40],
    fabric: 'Georgette',
    occasions: ['Wedding', 'Sangeet', 'Festive'],
    highlights: [
      ['Semi-stitched lehenga with unstitched blouse and dupatta', 'Stitched lehenga with cancan lining', 'Flared 4 m lehenga with matching dupatta'],
      ['Hand embroidered zardozi and sequins', 'Gota patti and mirror work on the hem', 'Resham embroidery with a zari border'],
      ['Waist adjustable with drawstring and latkans', 'Blouse fabric 1 m, dupatta 2.4 m'],
      ['Dry clean only', 'Store on a padded hanger; dry clean only'],
    ],
    description: (r, p) =>
      `A ${p.shade.toLowerCase()} ${p.kind.toLowerCase()} with ${p.feature.toLowerCase()} and a wide ${p.contrast.toLowerCase()} hem ${r.pick(['that swirls at every pheras step', 'that catches the light on the dance floor', 'finished with tassel latkans'])}. ` +
      `${r.pick(['Hand embroidered by karigars in Jaipur', 'Crafted in Lucknow workshops', 'Embroidered in Ahmedabad'])}, it comes with a matching blouse piece and a net dupatta. ` +
      r.pick(['Perfect for sangeet and mehendi nights.', 'A showstopper for the wedding season.', 'Made for Navratri garba and festive evenings.']),
  },
  {
    name: 'Kurtis',
    style: 'blockprint',
    light: true,
    brands: ['Sanganer Prints', 'Gulabo Ethnic', 'Rangrez Jaipur'],
    kinds: ['Block Print Cotton Kurti', 'Anarkali Kurti', 'Straight Rayon Kurti', 'A-line Kurti', 'Chikankari Kurti', 'Angrakha Kurti'],
    noun: '',
    features: ['Mirror Yoke', 'Floral Print', 'Pintuck Yoke', 'Lace Hem', 'Thread Embroidery'],
    rupees: [499, 2499],
    sold: 'letters',
    sizes: [36, 38, 40, 42, 44],
    fabric: 'Cotton',
    occasions: ['Daily wear', 'Office wear', 'Casual'],
    highlights: [
      ['100% cotton, hand block printed', 'Soft rayon with a fluid fall', 'Cotton cambric with chikankari'],
      ['Three-quarter sleeves and a round neck', 'Mandarin collar with a front placket', 'Side slits and a flared hem'],
      ['Knee length, about 44 inches', 'Calf length, about 48 inches'],
      ['Machine wash cold, dry in shade', 'Hand wash; do not bleach'],
    ],
    description: (r, p) =>
      `A ${p.shade.toLowerCase()} ${p.kind.toLowerCase()} printed in ${p.contrast.toLowerCase()} with ${p.feature.toLowerCase()}, ${r.pick(['hand block printed in Sanganer with natural dyes', 'printed by artisans in Bagru', 'made in Jaipur'])}. ` +
      `${r.pick(['Pair it with palazzos for the office', 'Team it with churidars and juttis', 'Wear it with jeans on a weekend'])}. ` +
      r.pick(['Easy to wash, easier to love.', 'Breathes through humid Mumbai summers.', 'A wardrobe staple in every colour.']),
  },
  {
    name: 'Dupattas',
    style: 'bandhani',
    light: false,
    brands: ['Rangrez Jaipur', 'Chanderi Tales', 'Varanasi Zari House'],
    kinds: ['Bandhani Dupatta', 'Phulkari Dupatta', 'Banarasi Silk Dupatta', 'Chanderi Dupatta', 'Leheriya Dupatta', 'Kota Doria Dupatta'],
    noun: '',
    features: ['Gota Border', 'Tassels', 'Zari Border', 'Mirror Work', 'Pom Poms'],
    rupees: [499, 2999],
    sold: 'freeSize',
    sizes: [1],
    fabric: 'Georgette',
    occasions: ['Festive', 'Daily wear', 'Wedding'],
    highlights: [
      ['Hand tied bandhani on soft georgette', 'Art silk with zari weave', 'Chanderi silk cotton, sheer and light'],
      ['Gota patti lace on all four sides', 'Tassels on both ends', 'Woven zari border'],
      ['Length 2.5 m, width 1 m', 'Length 2.3 m, width 0.9 m'],
      ['Dry clean recommended', 'Hand wash separately in cold water'],
    ],
    description: (r, p) =>
      `A ${p.shade.toLowerCase()} ${p.kind.toLowerCase()} with a ${p.contrast.toLowerCase()} ${p.feature.toLowerCase()}, ${r.pick(['tied and dyed by hand in Kutch', 'from the dyers of Jaipur', 'woven in Chanderi'])}. ` +
      `${r.pick(['It lifts a plain kurta instantly', 'Drape it over a lehenga or a simple suit', 'Light enough to layer, bright enough to stand alone'])}. ` +
      r.pick(['Each piece varies slightly, as handmade pieces do.', 'Colours may bleed in the first wash.', 'A gift that always fits.']),
  },
];

export const CATEGORIES = CATEGORY_PLANS.map((c) => c.name);

/** How many distinct product pictures there are: product k wears design k mod this. */
export const DESIGN_POOL = 60;

const MOTIFS: MotifKind[] = ['paisley', 'flower', 'diamond', 'star', 'leaf'];
const DISCOUNTS = [0, 0, 5, 10, 10, 12, 15, 15, 18, 20, 20, 25, 30, 35, 40];

interface CatalogueDesign {
  plan: CategoryPlan;
  textile: TextileDesign;
  shade: Shade;
  contrast: Shade;
  extra: Shade;
}

export function designFor(seed: number, d: number): CatalogueDesign {
  const plan = CATEGORY_PLANS[d % CATEGORY_PLANS.length]!;
  const r = createRandom(mixSeed(seed, 1_000_000 + d));
  const shade = r.pick(plan.light ? LIGHT : RICH);
  // Mustard under gold zari would hide the zari, so it is a ground only.
  const contrast = r.pick((plan.light ? PRINT : RICH).filter((s) => s !== shade && s.name !== 'Mustard'));
  const extra = r.pick((plan.light ? PRINT : RICH).filter((s) => s !== shade && s !== contrast));
  const textile: TextileDesign = {
    style: plan.style,
    ground: shade.hex,
    border: contrast.hex,
    accent: extra.hex,
    motif: r.pick(MOTIFS),
    metal: r.chance(plan.light || plan.style === 'lehenga' ? 0.35 : 0.12) ? 'silver' : 'gold',
    seed: mixSeed(seed, d),
  };
  return { plan, textile, shade, contrast, extra };
}

/** `catalogue/` under /uploads holds only generated pictures. */
export const CATALOGUE_DIR = 'catalogue';
export const imageName = (seed: number, d: number, view: string) => `v1-s${seed}-d${d}-${view}`;
export const imageUrl = (seed: number, d: number, view: string) => `/uploads/${CATALOGUE_DIR}/${imageName(seed, d, view)}.webp`;

const roundPrice = (rupees: number) => Math.max(99, Math.round(rupees / 100) * 100 - 1);

const FABRICS = ['Silk', 'Cotton', 'Georgette', 'Organza', 'Velvet', 'Rayon', 'Chanderi', 'Tussar', 'Khadi'];
const LETTER_OF = new Map(Object.entries(LETTER_SIZE_NUMBERS).map(([label, n]) => [n, label]));

function sizeLabel(plan: CategoryPlan, n: number): string {
  if (plan.sold === 'freeSize') return FREE_SIZE;
  return plan.sold === 'letters' ? LETTER_OF.get(n)! : String(n);
}

/**
 * Kurtis and dupattas keep stock per colour × size; the first colour's smallest size always has the
 * most, so a demo shopper (and a journey) can buy it. A sold-out product has none of any.
 */
function variantsFor(seed: number, k: number, plan: CategoryPlan, colors: string[], labels: string[], stock: number): VariantBody[] {
  if (plan.sold !== 'letters' && plan.sold !== 'freeSize') return [];
  const r = createRandom(mixSeed(seed, 2_000_000 + k));
  return colors.flatMap((color, c) =>
    labels.map((size, i) => ({
      color,
      size,
      sku: `SP-${k + 1}-${c + 1}${size.replace(/\s+/g, '').toUpperCase()}`,
      price: null,
      stock: stock === 0 ? 0 : c === 0 && i === 0 ? Math.max(12, stock) : r.chance(0.2) ? 0 : r.int(1, 12),
    })),
  );
}

function detailsFor(seed: number, k: number, plan: CategoryPlan, kind: string, feature: string, size: number, washCare: string): Partial<ProductDetails> {
  const r = createRandom(mixSeed(seed, 3_000_000 + k));
  const saree = plan.sold === 'length';
  return {
    fabric: FABRICS.find((f) => kind.includes(f)) ?? plan.fabric,
    work: feature,
    occasion: r.pick(plan.occasions),
    washCare,
    ...(saree ? { lengthMetres: size, blousePiece: 'separate' as const, blousePieceMetres: 0.8, netQuantity: '1 saree with an unstitched blouse piece' } : { netQuantity: '1 piece' }),
  };
}

export function generateProduct(seed: number, k: number): SeedProduct {
  const d = k % DESIGN_POOL;
  const { plan, shade, contrast, extra, textile } = designFor(seed, d);
  const r = createRandom(mixSeed(seed, k));
  const kind = r.pick(plan.kinds);
  const feature = r.pick(plan.features);
  const withFeature = r.chance(0.5);
  const title = `${kind}${plan.noun ? ` ${plan.noun}` : ''} in ${shade.name}${withFeature ? ` with ${feature}` : ''}`;
  const [lo, hi] = plan.rupees;
  // Prices lean low within the range, as real catalogues do.
  const price = roundPrice(lo + (hi - lo) * r.next() ** 1.6);
  const discountPercentage = r.pick(DISCOUNTS);
  const pricePaise = price * 100;
  const drawn = Math.min(plan.sizes.length, r.int(2, 4));
  // One length per saree, one Free Size per dupatta.
  const sizeCount = plan.sold === 'length' || plan.sold === 'freeSize' ? 1 : drawn;
  const colorCount = r.int(2, 4);
  const colors = [shade.hex, contrast.hex, extra.hex, textile.metal === 'gold' ? '#c9962e' : '#b8bcc2'].slice(0, colorCount);
  const [thumb, ...gallery] = TEXTILE_VIEWS.map((v) => imageUrl(seed, d, v));
  // Drawn in the order the fields were always drawn, so the demo's texts and figures stay as they were.
  const description = plan.description(r, { kind, shade: shade.name, contrast: contrast.name, feature, metal: textile.metal });
  const brand = r.pick(plan.brands);
  const rating = Math.round((3.5 + r.next() * 1.5) * 10) / 10;
  // A few are sold out, so the Out of stock badge and rule have something to show.
  const shared = k % 23 === 11 ? 0 : r.int(2, 60);
  const sizes = r.sample(plan.sizes, sizeCount).sort((a, b) => a - b);
  const highlights = plan.highlights.map((variants) => r.pick(variants));
  const sizeLabels = sizes.map((n) => sizeLabel(plan, n));
  const variants = variantsFor(seed, k, plan, colors, sizeLabels, shared);
  return {
    title,
    description,
    brand,
    category: plan.name,
    pricePaise,
    discountPercentage,
    discountedPricePaise: discountedPaise(pricePaise, discountPercentage),
    rating,
    stock: variants.length ? variants.reduce((sum, v) => sum + v.stock, 0) : shared,
    stockPerVariant: variants.length > 0,
    variants,
    thumbnail: thumb!,
    // docs/product.md, Product form: the admin form sends the three images followed by the thumbnail.
    images: [...gallery, thumb!],
    colors,
    sizes,
    sizeLabels,
    sizeUnit: plan.sold === 'length' ? 'm' : 'in',
    highlights,
    details: detailsFor(seed, k, plan, kind, feature, sizes[0]!, highlights.at(-1)!),
    hsn: HSN_BY_KIND[kind] ?? taxClassOf(plan.name).hsn,
    countryOfOrigin: 'India',
  };
}

/** Product k wears design k mod DESIGN_POOL, so a catalogue of any size needs DESIGN_POOL × 4 pictures. */
export function generateProducts(n: number, seed = 1): SeedProduct[] {
  return Array.from({ length: n }, (_, k) => generateProduct(seed, k));
}

export const DEMO_ADDRESS: Address = {
  name: 'Asha Rao',
  email: 'asha@sareepari.local',
  phone: '+919820012345',
  street: '14 Sea Breeze Apartments, Carter Road, Bandra West',
  city: 'Mumbai',
  state: 'Maharashtra',
  pinCode: '400050',
};
