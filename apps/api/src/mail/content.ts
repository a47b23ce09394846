import {
  BRAND_COLOR_RE,
  BRAND_PICTURE_RE,
  brandPictureAspect,
  brandPng,
  DEFAULT_BRAND_COLOR,
  type ShopBrand,
} from '@shop/shared';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
  /** The sender's display name: the shop's name when the mail was made (mail/mailer.ts, senderOf). */
  fromName: string;
}

export interface MailSigner {
  legalName: string;
  address: string;
  supportPhone: string;
  supportEmail: string;
}

/** What a mail shows of the shop: Shop Settings as they are when the mail is made (docs/product.md, Your brand). */
export type MailShop = MailSigner & Pick<ShopBrand, 'shopName' | 'tagline' | 'brandColor' | 'logo'>;

/** Where a mail's links lead (the shop's pages) and where its pictures are (the logo, on the API's own address). */
export interface MailUrls {
  webUrl: string;
  publicUrl: string;
}

export function signatureLines(shop: MailSigner): string[] {
  return [shop.legalName, shop.address, `Phone ${shop.supportPhone} · ${shop.supportEmail}`];
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The settings validate it; a colour that is not one (a row written by hand) falls back to the demo's. */
export const mailColor = (shop: Pick<ShopBrand, 'brandColor'>) =>
  BRAND_COLOR_RE.test(shop.brandColor) ? shop.brandColor : DEFAULT_BRAND_COLOR;

const LOGO_BOX = { width: 240, height: 56 };

/** The logo as an absolute address (mail programs load nothing relative), sized from its name; empty without one. */
export function logoHtml(shop: Pick<ShopBrand, 'shopName' | 'logo'>, publicUrl: string): string {
  if (!shop.logo || !BRAND_PICTURE_RE.test(shop.logo)) return '';
  const aspect = brandPictureAspect(shop.logo);
  const height = Math.round(Math.min(LOGO_BOX.height, LOGO_BOX.width / aspect));
  const width = Math.round(height * aspect);
  const src = escapeHtml(`${publicUrl}${brandPng(shop.logo)}`);
  return `<img src="${src}" alt="${escapeHtml(shop.shopName)}" width="${width}" height="${height}" style="display:block;border:0;margin:0 0 12px;width:${width}px;height:${height}px">`;
}

/** The sign-off of a mail to a shopper, before the shop's signature lines. */
export const teamSignOff = (shop: Pick<ShopBrand, 'shopName'>) => [
  'With warm wishes,',
  `The ${shop.shopName} team`,
];

/** Every branded mail's page: the logo above the shop's name and tagline, the body, then the signature lines. */
export function mailLayout(opts: {
  subject: string;
  shop: MailShop;
  publicUrl: string;
  body: string;
}): string {
  const { shop } = opts;
  const color = mailColor(shop);
  const tagline = shop.tagline.trim()
    ? `\n<p style="margin:0 0 24px;font-style:italic;color:#6b5a4e">${escapeHtml(shop.tagline)}</p>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(opts.subject)}</title></head><body style="margin:0;padding:24px;background:#fbf7f0;font-family:Georgia,'Times New Roman',serif;color:#2e2624">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px;border-top:6px solid #e0a526">
${logoHtml(shop, opts.publicUrl)}<h1 style="margin:0 0 4px;font-size:24px;color:${color}">${escapeHtml(shop.shopName)} <span aria-hidden="true" style="color:#e0a526">✦</span></h1>${tagline}
${opts.body}
<p style="margin-top:28px;font-size:12px;color:#6b5a4e;font-family:Arial,sans-serif">${signatureLines(shop).map(escapeHtml).join('<br>')}</p>
</div>
</body></html>
`;
}

/** A mail whose point is one link (a password reset, a staff invitation): a greeting, why, the button, how long it works. */
export function linkMail(opts: {
  subject: string;
  name: string;
  intro: string;
  link: string;
  button: string;
  validity: string;
  shop: MailShop;
  /** The API's public address, for the logo. */
  publicUrl: string;
}): MailContent {
  const { shop } = opts;
  const name = opts.name.trim() || 'there';
  const text = [
    `Namaste ${name},`,
    '',
    opts.intro,
    '',
    opts.link,
    '',
    opts.validity,
    '',
    ...teamSignOff(shop),
    ...(shop.tagline.trim() ? [shop.tagline] : []),
    '',
    ...signatureLines(shop),
  ].join('\n');
  const link = escapeHtml(opts.link);
  const body = `<p>Namaste ${escapeHtml(name)},</p>
<p>${escapeHtml(opts.intro)}</p>
<p style="text-align:center;margin:28px 0"><a href="${link}" style="background:${mailColor(shop)};color:#ffffff;padding:12px 24px;border-radius:999px;text-decoration:none;font-family:Arial,sans-serif">${escapeHtml(opts.button)}</a></p>
<p style="font-size:13px;color:#6b5a4e">Or paste this link into your browser: <br><a href="${link}" style="color:#0f6e6e;word-break:break-all">${link}</a></p>
<p>${escapeHtml(opts.validity)}</p>
<p>${teamSignOff(shop).map(escapeHtml).join('<br>')}</p>`;
  return {
    subject: opts.subject,
    text,
    html: mailLayout({ subject: opts.subject, shop, publicUrl: opts.publicUrl, body }),
    fromName: shop.shopName,
  };
}
