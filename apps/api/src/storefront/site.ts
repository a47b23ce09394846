import type { ShopBrand } from '@shop/shared';

export interface Addresses {
  publicUrl: string;
  pictureUrlPrefix: string | undefined;
}

/** Where the shop is and what it is called now (Shop Settings). */
export interface Site extends Addresses {
  brand: ShopBrand;
}

/** A picture as the app's own JSON names it: in the bucket when there is one, else on this site. */
export function assetUrl(a: Addresses, ref: string): string {
  return a.pictureUrlPrefix && ref.startsWith('/uploads/')
    ? `${a.pictureUrlPrefix}${ref.slice('/uploads/'.length)}`
    : ref;
}

export function pictureUrl(a: Addresses, ref: string): string {
  if (!ref.startsWith('/uploads/')) return ref;
  return a.pictureUrlPrefix
    ? `${a.pictureUrlPrefix}${ref.slice('/uploads/'.length)}`
    : `${a.publicUrl}${ref}`;
}

/** The served head's own icon: the favicon, else the logo, else the wand (apps/web/public). */
export function shopIcon(a: Site, size: 192 | 512 | 180 | 32): string {
  const source = a.brand.favicon ?? a.brand.logo;
  if (!source)
    return size === 180 ? '/apple-touch-icon.png' : size === 32 ? '/favicon.svg' : `/icon-${size}.png`;
  return assetUrl(a, source.replace(/\.webp$/, `-icon-${size}.png`));
}
