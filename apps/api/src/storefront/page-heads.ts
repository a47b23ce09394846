import { createHash } from 'node:crypto';
import { BLOUSE_PIECE_NAMES, DEFAULT_BRAND, indiaDate, sizeText, type Product, type Review, type ShopBrand } from '@shop/shared';
import { summary, type PageHead } from './head.ts';
import { pictureUrl, type Addresses, type Site } from './site.ts';

export { assetUrl, pictureUrl, shopIcon, type Addresses, type Site } from './site.ts';

export const SHOP_IMAGE = { path: '/og-image.jpg', width: 1200, height: 630 } as const;
export const PRODUCT_IMAGE_SIZE = { width: 1200, height: 630 } as const;

const SHOP_DESCRIPTION =
  'Handpicked Banarasi, Kanjeevaram, chiffon and cotton sarees, lehengas and kurtis from weavers across India. ' +
  'Cash on delivery across India and easy returns.';

/** What the shop's own link preview shows; a shop with its own brand gets a picture drawn for it (og-image.ts). */
export function shopImageKey(brand: ShopBrand): string | undefined {
  const { shopName, tagline, brandColor, logo } = brand;
  const d = DEFAULT_BRAND;
  if (shopName === d.shopName && tagline === d.tagline && brandColor === d.brandColor && !logo)
    return undefined;
  return `shop/${createHash('sha256')
    .update(JSON.stringify([shopName, tagline, brandColor, logo]))
    .digest('hex')
    .slice(0, 24)}`;
}

function shopImage(a: Site): Pick<PageHead, 'image' | 'imageAlt' | 'imageSize'> {
  const key = shopImageKey(a.brand);
  const image = key ? `${a.publicUrl}/og-image/${key}.jpg` : `${a.publicUrl}${SHOP_IMAGE.path}`;
  return { image, imageAlt: withTagline(a.brand, ' — '), imageSize: SHOP_IMAGE };
}

const withTagline = (b: ShopBrand, sep: string) =>
  b.tagline ? `${b.shopName}${sep}${b.tagline}` : b.shopName;

const organization = (a: Site) => {
  const { socialLinks } = a.brand;
  const sameAs = [socialLinks.instagram, socialLinks.facebook, socialLinks.youtube].filter(
    (l): l is string => !!l,
  );
  return {
    '@context': 'https://schema.org',
    '@type': 'OnlineStore',
    name: a.brand.shopName,
    url: `${a.publicUrl}/`,
    logo: a.brand.logo
      ? pictureUrl(a, a.brand.logo.replace(/\.webp$/, '.png'))
      : `${a.publicUrl}/icon-512.png`,
    description: SHOP_DESCRIPTION,
    ...(sameAs.length ? { sameAs } : {}),
  };
};

export function listingHead(
  a: Site,
  query: { search?: string | undefined; category?: string | undefined },
): PageHead {
  const search = query.search?.trim().slice(0, 100);
  if (search) {
    return {
      title: `Results for “${search}” | ${a.brand.shopName}`,
      description: `Sarees and more matching “${search}” at ${a.brand.shopName}. ${SHOP_DESCRIPTION}`,
      path: `/?search=${encodeURIComponent(search)}`,
      type: 'website',
      // Search results are many near-copies of the listing: followed, not indexed.
      noindex: true,
      ...shopImage(a),
    };
  }
  const category = query.category?.trim().slice(0, 100);
  if (category) {
    return {
      title: `${category} | ${a.brand.shopName}`,
      description: `Shop ${category} at ${a.brand.shopName}. ${SHOP_DESCRIPTION}`,
      path: `/?category=${encodeURIComponent(category)}`,
      type: 'website',
      ...shopImage(a),
    };
  }
  return {
    title: a.brand.tagline
      ? `${a.brand.shopName} — Sarees online | ${a.brand.tagline}`
      : `${a.brand.shopName} — Sarees online`,
    description: a.brand.tagline
      ? `${SHOP_DESCRIPTION} ${a.brand.tagline.replace(/[.!?]?$/, '.')}`
      : SHOP_DESCRIPTION,
    path: '/',
    type: 'website',
    ...shopImage(a),
    jsonLd: [
      organization(a),
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: a.brand.shopName,
        url: `${a.publicUrl}/`,
      },
    ],
  };
}

export function shopPageHead(a: Site, page: { path: string; title: string; description: string }): PageHead {
  return {
    title: `${page.title} | ${a.brand.shopName}`,
    description: summary(page.description),
    path: page.path,
    type: 'article',
    ...shopImage(a),
  };
}

/** The app's own pages (cart, checkout, account, admin): the shop's name; the app sets each page's title. */
export function shellHead(a: Site): PageHead {
  return {
    title: a.brand.shopName,
    description: a.brand.tagline || SHOP_DESCRIPTION,
    path: '/',
    type: 'website',
    ...shopImage(a),
  };
}

export function missingPageHead(a: Site, path: string): PageHead {
  return { ...missingProductHead(a, path), title: `Page not found | ${a.brand.shopName}` };
}

export function missingProductHead(a: Site, path: string): PageHead {
  return {
    title: `Product not found | ${a.brand.shopName}`,
    description: SHOP_DESCRIPTION,
    path,
    type: 'website',
    noindex: true,
    ...shopImage(a),
  };
}

export function previewPicture(a: Addresses, thumbnail: string): Pick<PageHead, 'image' | 'imageSize'> {
  const m = /^\/uploads\/(.+)\.webp$/.exec(thumbnail);
  if (!m) return { image: pictureUrl(a, thumbnail), imageSize: undefined };
  return { image: `${a.publicUrl}/og-image/${m[1]}.jpg`, imageSize: PRODUCT_IMAGE_SIZE };
}

const inr = (rupees: number) => `₹${rupees.toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;

/** The Details table's facts (decision 036), in schema.org's words where it has them. */
function detailsLd(p: Product) {
  const d = p.details;
  const extra: [string, string | null][] = [
    ['Occasion', d.occasion],
    ['Weave or work', d.work],
    ['Wash care', d.washCare],
    ['Saree length', d.lengthMetres === null ? null : `${d.lengthMetres} m`],
    ['Blouse piece', d.blousePiece === null ? null : `${BLOUSE_PIECE_NAMES[d.blousePiece]}${d.blousePieceMetres ? `, ${d.blousePieceMetres} m` : ''}`],
    ['Net quantity', d.netQuantity],
  ];
  const additionalProperty = extra.flatMap(([name, value]) => (value === null ? [] : [{ '@type': 'PropertyValue', name, value }]));
  return {
    countryOfOrigin: p.countryOfOrigin,
    ...(d.fabric ? { material: d.fabric } : {}),
    ...(d.pattern ? { pattern: d.pattern } : {}),
    ...(additionalProperty.length ? { additionalProperty } : {}),
  };
}

/** One offer, or one per colour × size with its own SKU, price and availability. */
function offersLd(a: Site, p: Product, url: string) {
  const offer = (price: number, stock: number) => ({
    '@type': 'Offer',
    url,
    priceCurrency: 'INR',
    price: price.toFixed(2),
    availability: stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    itemCondition: 'https://schema.org/NewCondition',
    seller: { '@type': 'Organization', name: a.brand.shopName },
  });
  if (p.variants.length === 0) return offer(p.discountedPrice, p.stock);
  return p.variants.map((v) => ({
    ...offer(v.discountedPrice, v.stock),
    sku: v.sku ?? `${p.id}-${v.id}`,
    name: `${p.title}, ${sizeText(v.size, p.sizeUnit)}, ${v.color}`,
  }));
}

/** docs/product.md, Reviews: the stars search engines show, from the published reviews only. */
function reviewsLd(p: Product, reviews: readonly Review[]): object {
  if (!p.reviewCount) return {};
  return {
    aggregateRating: { '@type': 'AggregateRating', ratingValue: p.rating, reviewCount: p.reviewCount, bestRating: 5, worstRating: 1 },
    ...(reviews.length && {
      review: reviews.map((r) => ({
        '@type': 'Review',
        author: { '@type': 'Person', name: r.author },
        reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
        name: r.title,
        reviewBody: r.body,
        datePublished: indiaDate(new Date(r.createdAt)),
      })),
    }),
  };
}

export function productHead(a: Site, p: Product, reviews: readonly Review[] = []): PageHead {
  const path = `/product-detail/${p.id}`;
  const url = `${a.publicUrl}${path}`;
  const inStock = p.stock > 0;
  const price =
    p.discountPercentage > 0
      ? `${inr(p.discountedPrice)} (${Math.round(p.discountPercentage)}% off ${inr(p.price)})`
      : inr(p.discountedPrice);
  const images = [...new Set([p.thumbnail, ...p.images])].map((ref) => pictureUrl(a, ref));
  const categoryPath = `/?category=${encodeURIComponent(p.category)}`;
  return {
    title: `${p.title} — ${p.brand} | ${a.brand.shopName}`,
    description: summary(`${price} · ${inStock ? 'In stock' : 'Out of stock'} · ${p.description}`),
    path,
    type: 'product',
    ...previewPicture(a, p.thumbnail),
    imageAlt: p.title,
    price: { amount: p.discountedPrice, currency: 'INR' },
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        '@id': `${url}#product`,
        name: p.title,
        description: p.description,
        sku: String(p.id),
        image: images,
        brand: { '@type': 'Brand', name: p.brand },
        category: p.category,
        url,
        ...detailsLd(p),
        ...reviewsLd(p, reviews),
        offers: offersLd(a, p, url),
      },
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Home', item: `${a.publicUrl}/` },
          { '@type': 'ListItem', position: 2, name: p.category, item: `${a.publicUrl}${categoryPath}` },
          { '@type': 'ListItem', position: 3, name: p.title, item: url },
        ],
      },
    ],
  };
}
