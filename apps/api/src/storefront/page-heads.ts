import { SHOP_NAME, TAGLINE, type Product } from '@shop/shared';
import { summary, type PageHead } from './head.ts';

export const SHOP_IMAGE = { path: '/og-image.jpg', width: 1200, height: 630 } as const;
export const PRODUCT_IMAGE_SIZE = { width: 1200, height: 630 } as const;

export interface Addresses {
  publicUrl: string;
  pictureUrlPrefix: string | undefined;
}

const SHOP_DESCRIPTION =
  'Handpicked Banarasi, Kanjeevaram, chiffon and cotton sarees, lehengas and kurtis from weavers across India. ' +
  'Cash on delivery across India and easy returns.';

function shopImage(a: Addresses): Pick<PageHead, 'image' | 'imageAlt' | 'imageSize'> {
  return { image: `${a.publicUrl}${SHOP_IMAGE.path}`, imageAlt: `${SHOP_NAME} — ${TAGLINE}`, imageSize: SHOP_IMAGE };
}

const organization = (a: Addresses) => ({
  '@context': 'https://schema.org',
  '@type': 'OnlineStore',
  name: SHOP_NAME,
  url: `${a.publicUrl}/`,
  logo: `${a.publicUrl}/favicon.svg`,
  description: SHOP_DESCRIPTION,
});

export function listingHead(a: Addresses, query: { search?: string | undefined; category?: string | undefined }): PageHead {
  const search = query.search?.trim().slice(0, 100);
  if (search) {
    return {
      title: `Results for “${search}” | ${SHOP_NAME}`,
      description: `Sarees and more matching “${search}” at ${SHOP_NAME}. ${SHOP_DESCRIPTION}`,
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
      title: `${category} | ${SHOP_NAME}`,
      description: `Shop ${category} at ${SHOP_NAME}. ${SHOP_DESCRIPTION}`,
      path: `/?category=${encodeURIComponent(category)}`,
      type: 'website',
      ...shopImage(a),
    };
  }
  return {
    title: `${SHOP_NAME} — Sarees online | ${TAGLINE}`,
    description: `${SHOP_DESCRIPTION} ${TAGLINE}.`,
    path: '/',
    type: 'website',
    ...shopImage(a),
    jsonLd: [
      organization(a),
      { '@context': 'https://schema.org', '@type': 'WebSite', name: SHOP_NAME, url: `${a.publicUrl}/` },
    ],
  };
}

export function shopPageHead(a: Addresses, page: { path: string; title: string; description: string }): PageHead {
  return {
    title: `${page.title} | ${SHOP_NAME}`,
    description: summary(page.description),
    path: page.path,
    type: 'article',
    ...shopImage(a),
  };
}

export function missingPageHead(a: Addresses, path: string): PageHead {
  return { ...missingProductHead(a, path), title: `Page not found | ${SHOP_NAME}` };
}

export function missingProductHead(a: Addresses, path: string): PageHead {
  return {
    title: `Product not found | ${SHOP_NAME}`,
    description: SHOP_DESCRIPTION,
    path,
    type: 'website',
    noindex: true,
    ...shopImage(a),
  };
}

export function pictureUrl(a: Addresses, ref: string): string {
  if (!ref.startsWith('/uploads/')) return ref;
  return a.pictureUrlPrefix ? `${a.pictureUrlPrefix}${ref.slice('/uploads/'.length)}` : `${a.publicUrl}${ref}`;
}

export function previewPicture(a: Addresses, thumbnail: string): Pick<PageHead, 'image' | 'imageSize'> {
  const m = /^\/uploads\/(.+)\.webp$/.exec(thumbnail);
  if (!m) return { image: pictureUrl(a, thumbnail), imageSize: undefined };
  return { image: `${a.publicUrl}/og-image/${m[1]}.jpg`, imageSize: PRODUCT_IMAGE_SIZE };
}

const inr = (rupees: number) => `₹${rupees.toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;

export function productHead(a: Addresses, p: Product): PageHead {
  const path = `/product-detail/${p.id}`;
  const url = `${a.publicUrl}${path}`;
  const inStock = p.stock > 0;
  const price = p.discountPercentage > 0 ? `${inr(p.discountedPrice)} (${Math.round(p.discountPercentage)}% off ${inr(p.price)})` : inr(p.discountedPrice);
  const images = [...new Set([p.thumbnail, ...p.images])].map((ref) => pictureUrl(a, ref));
  const categoryPath = `/?category=${encodeURIComponent(p.category)}`;
  return {
    title: `${p.title} — ${p.brand} | ${SHOP_NAME}`,
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
        offers: {
          '@type': 'Offer',
          url,
          priceCurrency: 'INR',
          price: p.discountedPrice.toFixed(2),
          availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
          itemCondition: 'https://schema.org/NewCondition',
          seller: { '@type': 'Organization', name: SHOP_NAME },
        },
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
