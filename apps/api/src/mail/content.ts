/** A mail's words: what a template makes and the mailer sends. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** Text for an HTML mail body or attribute. */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
