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
