import { SHOP_NAME, TAGLINE } from '@shop/shared';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface MailSigner {
  legalName: string;
  address: string;
  supportPhone: string;
  supportEmail: string;
}

export function signatureLines(shop: MailSigner): string[] {
  return [shop.legalName, shop.address, `Phone ${shop.supportPhone} · ${shop.supportEmail}`];
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A mail whose point is one link (a password reset, a staff invitation): a greeting, why, the button, how long it works. */
export function linkMail(opts: {
  subject: string;
  name: string;
  intro: string;
  link: string;
  button: string;
  validity: string;
  shop: MailSigner;
}): MailContent {
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
    'With warm wishes,',
    `The ${SHOP_NAME} team`,
    TAGLINE,
    '',
    ...signatureLines(opts.shop),
  ].join('\n');
  const link = escapeHtml(opts.link);
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(opts.subject)}</title></head><body style="margin:0;padding:24px;background:#fbf7f0;font-family:Georgia,'Times New Roman',serif;color:#2e2624">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px;border-top:6px solid #e0a526">
<h1 style="margin:0 0 4px;font-size:24px;color:#7a1f2b">${escapeHtml(SHOP_NAME)} <span aria-hidden="true" style="color:#e0a526">✦</span></h1>
<p style="margin:0 0 24px;font-style:italic;color:#6b5a4e">${escapeHtml(TAGLINE)}</p>
<p>Namaste ${escapeHtml(name)},</p>
<p>${escapeHtml(opts.intro)}</p>
<p style="text-align:center;margin:28px 0"><a href="${link}" style="background:#7a1f2b;color:#ffffff;padding:12px 24px;border-radius:999px;text-decoration:none;font-family:Arial,sans-serif">${escapeHtml(opts.button)}</a></p>
<p style="font-size:13px;color:#6b5a4e">Or paste this link into your browser: <br><a href="${link}" style="color:#0f6e6e;word-break:break-all">${link}</a></p>
<p>${escapeHtml(opts.validity)}</p>
<p>With warm wishes,<br>The ${escapeHtml(SHOP_NAME)} team</p>
<p style="margin-top:28px;font-size:12px;color:#6b5a4e;font-family:Arial,sans-serif">${signatureLines(opts.shop).map(escapeHtml).join('<br>')}</p>
</div>
</body></html>
`;
  return { subject: opts.subject, text, html };
}
