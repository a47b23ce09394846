/** A mail's words: what a template makes and the mailer sends. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** Who signs the shop's mails: the Shop Settings' name, address and support contacts (issue 15). */
export interface MailSigner {
  legalName: string;
  address: string;
  supportPhone: string;
  supportEmail: string;
}

/** The lines under a mail's greeting: the shop's legal name, address and how to reach it. */
export function signatureLines(shop: MailSigner): string[] {
  return [shop.legalName, shop.address, `Phone ${shop.supportPhone} · ${shop.supportEmail}`];
}

/** Text for an HTML mail body or attribute. */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
