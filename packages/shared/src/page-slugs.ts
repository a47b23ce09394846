// No zod here: the router imports this on every first visit.
export const SHOP_PAGES = [
  { slug: 'about', name: 'About Us' },
  { slug: 'shipping', name: 'Shipping Info' },
  { slug: 'returns', name: 'Returns & Exchanges' },
  { slug: 'faq', name: 'FAQ' },
  { slug: 'contact', name: 'Contact Us' },
  { slug: 'privacy', name: 'Privacy Policy' },
  { slug: 'terms', name: 'Terms of Service' },
  { slug: 'cookies', name: 'Cookie Policy' },
] as const;
export type ShopPageSlug = (typeof SHOP_PAGES)[number]['slug'];
export const SHOP_PAGE_SLUGS = SHOP_PAGES.map((p) => p.slug) as ShopPageSlug[];

export const isShopPageSlug = (s: string): s is ShopPageSlug => (SHOP_PAGE_SLUGS as string[]).includes(s);
