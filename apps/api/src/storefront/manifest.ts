import { shopIcon, type Site } from './page-heads.ts';

// A phone's home screen shows about 12 characters under an icon.
const SHORT_NAME_MAX = 12;

function shortName(name: string): string {
  if (name.length <= SHORT_NAME_MAX) return name;
  const words = name.split(/\s+/);
  let short = words[0]!;
  for (const w of words.slice(1)) {
    if (`${short} ${w}`.length > SHORT_NAME_MAX) break;
    short = `${short} ${w}`;
  }
  return short.slice(0, SHORT_NAME_MAX);
}

/** docs/product.md, Your brand: what a phone shows when the shop is added to its home screen. */
export function manifestJson(site: Site): string {
  const { brand } = site;
  return JSON.stringify({
    name: brand.shopName,
    short_name: shortName(brand.shopName),
    description: brand.tagline || undefined,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#fbf7f0',
    theme_color: brand.brandColor,
    icons: ([192, 512] as const).map((size) => ({
      src: shopIcon(site, size),
      sizes: `${size}x${size}`,
      type: 'image/png',
      purpose: 'any',
    })),
  });
}
