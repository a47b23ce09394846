import { DEFAULT_BRAND_COLOR, themeStyle, type ShopBrand } from '@shop/shared';
import { assetUrl, shopIcon, type Site } from './site.ts';
import type { RouteAssets } from './route-scripts.ts';

export interface PageHead {
  title: string;
  description: string;
  path: string;
  type: 'website' | 'product' | 'article';
  image: string;
  imageAlt: string;
  imageSize?: { width: number; height: number } | undefined;
  noindex?: boolean;
  price?: { amount: number; currency: 'INR' } | undefined;
  jsonLd?: object[];
  preload?: RouteAssets | undefined;
}

function preloadTags(p: RouteAssets): string[] {
  return [
    ...p.styles.map((href) => `<link rel="preload" as="style" href="${escapeHtml(href)}" />`),
    ...p.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`),
  ];
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

// The HTML parser ends a script at `</script` whatever the JSON says.
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

export function summary(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–—-]+$/, '')}…`;
}

const meta = (attr: 'name' | 'property', key: string, content: string) =>
  `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;

const link = (rel: string, href: string, extra = '') =>
  `<link rel="${rel}"${extra} href="${escapeHtml(href)}" />`;

/** What the app reads at its start to draw the shop's name, logo and banner (apps/web/src/features/brand). */
function brandForPage(site: Site): ShopBrand {
  const b = site.brand;
  const picture = (url: string | null) => url && assetUrl(site, url);
  return {
    ...b,
    logo: picture(b.logo),
    favicon: picture(b.favicon),
    banner: { ...b.banner, image: picture(b.banner.image) },
  };
}

// docs/product.md, Your brand: every served page carries the shop's brand, so no page waits for it.
function brandTags(site: Site): string[] {
  const { brand } = site;
  const icon = shopIcon(site, 32);
  return [
    meta('name', 'theme-color', brand.brandColor),
    icon.endsWith('.svg')
      ? link('icon', icon, ' type="image/svg+xml"')
      : link('icon', icon, ' type="image/png" sizes="32x32"'),
    link('apple-touch-icon', shopIcon(site, 180)),
    link('manifest', '/manifest.webmanifest'),
    ...(brand.brandColor === DEFAULT_BRAND_COLOR
      ? []
      : [`<style id="shop-theme">${themeStyle(brand.brandColor)}</style>`]),
    `<script id="shop-brand" type="application/json">${jsonForScript(brandForPage(site))}</script>`,
  ];
}

export function renderHead(head: PageHead, site: Site): string {
  const url = `${site.publicUrl}${head.path}`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    ...(head.noindex ? [meta('name', 'robots', 'noindex, follow')] : []),
    ...brandTags(site),
    meta('property', 'og:site_name', site.brand.shopName),
    meta('property', 'og:locale', 'en_IN'),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', head.image),
    ...(head.image.startsWith('https://') ? [meta('property', 'og:image:secure_url', head.image)] : []),
    ...(head.imageSize
      ? [
          meta('property', 'og:image:width', String(head.imageSize.width)),
          meta('property', 'og:image:height', String(head.imageSize.height)),
        ]
      : []),
    meta('property', 'og:image:alt', head.imageAlt),
    ...(head.price
      ? [
          meta('property', 'product:price:amount', String(head.price.amount)),
          meta('property', 'product:price:currency', head.price.currency),
        ]
      : []),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', head.image),
    meta('name', 'twitter:image:alt', head.imageAlt),
    ...(head.jsonLd ?? []).map((o) => `<script type="application/ld+json">${jsonForScript(o)}</script>`),
    ...(head.preload ? preloadTags(head.preload) : []),
  ];
  return tags.join('\n    ');
}

// The app's entry script, not the async boot script (decision 020), which must stay.
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOADS = /\s*<link rel="modulepreload"[^>]*>/g;

// With a first paint, the boot script starts the app once the first pictures are painted (decision 024).
export class PageTemplate {
  private readonly before: string;
  private readonly middle: string;
  private readonly middleWithoutApp: string;
  private readonly entry: string | undefined;
  private readonly after: string;

  constructor(html: string) {
    // The served head writes these from the shop's settings.
    const stripped = html
      .replace(/\s*<title>[\s\S]*?<\/title>/i, '')
      .replace(/\s*<meta\s+name="(?:description|theme-color)"[^>]*>/gi, '')
      .replace(/\s*<link\s+rel="(?:icon|apple-touch-icon|manifest)"[^>]*>/gi, '');
    // Right after the charset, so the title is among the first things a crawler reads.
    const at = [/<meta\s+charset[^>]*>/i, /<head[^>]*>/i, /<!doctype[^>]*>/i]
      .map((re) => re.exec(stripped))
      .find(Boolean);
    const end = at ? at.index + at[0].length : 0;
    const root = stripped.indexOf('<div id="root">', end);
    this.before = `${stripped.slice(0, end)}\n    `;
    this.middle = stripped.slice(end, root < 0 ? stripped.length : root);
    this.after = root < 0 ? '' : stripped.slice(root);
    const entry = ENTRY_SCRIPT.exec(this.middle);
    this.entry = entry?.[1];
    this.middleWithoutApp = entry
      ? this.middle.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOADS, '')
      : this.middle;
  }

  render(headTags: string, firstPaint?: string): string {
    if (!firstPaint || !this.after) return `${this.before}${headTags}${this.middle}${this.after}`;
    const app = this.entry ? ` data-app="${escapeHtml(this.entry)}"` : '';
    return `${this.before}${headTags}${this.middleWithoutApp}<div id="first-paint"${app}>${firstPaint}</div>\n    ${this.after}`;
  }
}
