// docs/product.md, Your brand. Read by the first visit's code: a plain shape check, no zod (docs/performance.md).
import { createContext, useContext } from 'react';
import { DEFAULT_BRAND, type ShopBrand } from '@shop/shared/brand';

type Loose = Record<string, unknown>;

const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === 'string';
const isTextOrNull = (v: unknown): v is string | null => v === null || typeof v === 'string';
const allTextOrNull = (o: unknown, keys: readonly string[]): o is Loose =>
  isObject(o) && keys.every((k) => isTextOrNull(o[k]));

/** The brand when `v` has its shape (the settings page's answer or the served JSON), else undefined. */
export function asBrand(v: unknown): ShopBrand | undefined {
  if (
    !isObject(v) ||
    !isText(v.shopName) ||
    !v.shopName.trim() ||
    !isText(v.tagline) ||
    !isText(v.brandColor) ||
    !/^#[0-9a-f]{6}$/i.test(v.brandColor) ||
    !isTextOrNull(v.logo) ||
    !isTextOrNull(v.favicon) ||
    !allTextOrNull(v.socialLinks, ['instagram', 'facebook', 'youtube', 'whatsapp']) ||
    !allTextOrNull(v.banner, ['image', 'headline', 'link'])
  ) {
    return undefined;
  }
  const s = v.socialLinks;
  const b = v.banner;
  // Picked field by field: nothing else the JSON carried reaches the components.
  return {
    shopName: v.shopName,
    tagline: v.tagline,
    brandColor: v.brandColor,
    logo: v.logo,
    favicon: v.favicon,
    socialLinks: {
      instagram: s.instagram as string | null,
      facebook: s.facebook as string | null,
      youtube: s.youtube as string | null,
      whatsapp: s.whatsapp as string | null,
    },
    banner: {
      image: b.image as string | null,
      headline: b.headline as string | null,
      link: b.link as string | null,
    },
  };
}

/** The brand the server wrote into the page (`#shop-brand`); the demo's look where there is none (vite dev, tests). */
export function readServedBrand(doc: Document | undefined = globalThis.document): ShopBrand {
  const text = doc?.getElementById('shop-brand')?.textContent;
  if (!text) return DEFAULT_BRAND;
  try {
    return asBrand(JSON.parse(text)) ?? DEFAULT_BRAND;
  } catch {
    return DEFAULT_BRAND;
  }
}

let served: ShopBrand | undefined;
/** Read once per visit: the page's JSON does not change under the app. */
export function servedBrand(): ShopBrand {
  served ??= readServedBrand();
  return served;
}

/** The shop's brand for the components below: app/brand-provider.tsx in the app, the first paint on the server. */
export const BrandContext = createContext<ShopBrand | null>(null);

export function useBrand(): ShopBrand {
  return useContext(BrandContext) ?? servedBrand();
}
