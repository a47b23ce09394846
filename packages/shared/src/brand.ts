// docs/product.md, Your brand: what the owner sets in Shop Settings and every page, mail and document shows.
// No zod here: the app's first visit reads the brand the served page carries (settings.ts validates it).

export interface SocialLinks {
  instagram: string | null;
  facebook: string | null;
  youtube: string | null;
  /** A phone number with its country code, digits only (919820012345): the footer's "Chat with us". */
  whatsapp: string | null;
}

export interface HomeBanner {
  /** Null: the festival banner's own art. */
  image: string | null;
  /** Null: the festival banner's own words. */
  headline: string | null;
  /** Where the banner leads: a path in the shop (/?category=Silk) or an https address. */
  link: string | null;
}

export interface ShopBrand {
  shopName: string;
  tagline: string;
  /** `#rrggbb`: buttons, links and the top bar, with white text on it (WCAG AA). */
  brandColor: string;
  /** `/uploads/brand/{hash}-{width}x{height}.webp`, or null for the wand mark. */
  logo: string | null;
  /** As the logo; null: the icons are made from the logo, or the wand when there is none. */
  favicon: string | null;
  socialLinks: SocialLinks;
  banner: HomeBanner;
}

// The demo shop's own look; a shop started with SHOP_NAME or renamed in Shop Settings never shows it.
export const DEMO_SHOP_NAME = 'Saree Pari';
export const DEFAULT_TAGLINE = 'Your magical shopping experience';
export const DEFAULT_BRAND_COLOR = '#7a1f2b';

export const DEFAULT_BRAND: ShopBrand = {
  shopName: DEMO_SHOP_NAME,
  tagline: DEFAULT_TAGLINE,
  brandColor: DEFAULT_BRAND_COLOR,
  logo: null,
  favicon: null,
  socialLinks: { instagram: null, facebook: null, youtube: null, whatsapp: null },
  banner: { image: null, headline: null, link: null },
};

export const BRAND_COLOR_RE = /^#[0-9a-f]{6}$/;
/**
 * What the brand-picture upload stores; the PNG and the icons sit beside it under the same name. With
 * pictures in a bucket the API names them by their public address (decision 012), and takes that back.
 */
export const BRAND_PICTURE_RE =
  /^(?:\/uploads\/|https?:\/\/[^\s"'<>]+\/)brand\/[0-9a-f]{32}-([1-9][0-9]{0,3})x([1-9][0-9]{0,3})\.webp$/;
export const MAX_BRAND_PICTURE_BYTES = 2 * 1024 * 1024;
/** Square icons made from the logo or favicon: the browser tab, the iPhone home screen, Android and the manifest. */
export const BRAND_ICON_SIZES = [32, 180, 192, 512] as const;
export type BrandIconSize = (typeof BRAND_ICON_SIZES)[number];
/** WCAG 2.1 AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

/** A stored brand picture's key in the storage (`brand/{hash}-{w}x{h}`), without its extension. */
export function brandPictureBase(url: string): string {
  return url.slice(url.lastIndexOf('brand/'), -'.webp'.length);
}

export const brandPng = (url: string): string => url.replace(/\.webp$/, '.png');
export const brandIcon = (url: string, size: BrandIconSize): string =>
  url.replace(/\.webp$/, `-icon-${size}.png`);

/** The picture's width ÷ height, read from its name: the top bar sizes the logo before it loads. */
export function brandPictureAspect(url: string): number {
  const m = BRAND_PICTURE_RE.exec(url);
  return m ? Number(m[1]) / Number(m[2]) : 1;
}

function channels(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const toHex = (rgb: number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG's contrast ratio of two `#rrggbb` colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const mix = (hex: string, toward: number, amount: number) =>
  toHex(channels(hex).map((c) => c + (toward - c) * amount));

/** The theme's shades of one colour: the top bar, buttons and links use the base, hovers the dark one. */
export function themeShades(hex: string): { base: string; dark: string; light: string } {
  return { base: hex, dark: mix(hex, 0, 0.25), light: mix(hex, 255, 0.15) };
}

// White text sits on the colour (buttons, the top bar) and the colour sits on the ivory page (links).
const PAGE_BACKGROUND = '#fbf7f0';

/** Why white text on this colour, or this colour on the page, would be hard to read; undefined when both pass AA. */
export function brandColorProblem(hex: string): string | undefined {
  const ratio = Math.min(contrastRatio(hex, '#ffffff'), contrastRatio(hex, PAGE_BACKGROUND));
  if (ratio >= MIN_TEXT_CONTRAST) return undefined;
  return `Text on this colour would be hard to read (contrast ${(Math.floor(ratio * 10) / 10).toFixed(1)}:1, at least ${MIN_TEXT_CONTRAST}:1 is needed): choose a darker colour`;
}

/** The served page's and the settings page's CSS: the brand colour's shades as the theme's custom properties. */
export function themeStyle(hex: string): string {
  const s = themeShades(hex);
  return `:root{--color-maroon:${s.base};--color-maroon-dark:${s.dark};--color-maroon-light:${s.light}}`;
}

/** The footer's WhatsApp link: wa.me takes the number with its country code and no other characters. */
export function whatsappLink(number: string, text?: string): string {
  return `https://wa.me/${number}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
}
