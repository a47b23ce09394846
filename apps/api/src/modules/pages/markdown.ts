import { Marked, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';

/**
 * Markdown to HTML for the shop's pages (docs/decisions/019): marked turns the text into HTML,
 * sanitize-html then keeps only an allow-list of tags and attributes, whatever the text held. No
 * script, style, iframe, form or event attribute survives; links keep http(s), mailto and tel.
 * The page's own title is its h1, so a `#` heading in the text becomes an h2 like `##`.
 */
const marked = new Marked({
  gfm: true,
  breaks: false,
  walkTokens(token) {
    if (token.type === 'heading') (token as Tokens.Heading).depth = Math.max(2, (token as Tokens.Heading).depth);
  },
});

// Shop pictures are named /uploads/… on the shop's own origin; any other picture must be https.
const PICTURE_RE = /^(https:\/\/[^\s"'<>]+|\/uploads\/[A-Za-z0-9._/-]+)$/;

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ['h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'ul', 'ol', 'li', 'blockquote', 'a', 'strong', 'em', 'b', 'i', 's', 'del', 'code', 'pre', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'img', 'dl', 'dt', 'dd', 'abbr', 'sup', 'sub'],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['align'],
    td: ['align'],
    abbr: ['title'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  // A picture's address is checked whole by the filter below, so a relative /uploads/ path passes.
  allowedSchemesAppliedToAttributes: ['href', 'cite'],
  allowProtocolRelative: false,
  // Script and style bodies go with their tags rather than staying behind as text.
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'title'],
  exclusiveFilter: (frame) => frame.tag === 'img' && !PICTURE_RE.test(frame.attribs.src ?? ''),
  transformTags: {
    // A link off the shop opens without handing the shop's page to it.
    a: (tagName, attribs) => ({ tagName, attribs: /^https?:/i.test(attribs.href ?? '') ? { ...attribs, rel: 'noopener noreferrer' } : { ...attribs, rel: '' } }),
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
};

/** Sanitised HTML of a page's Markdown. */
export function renderMarkdown(markdown: string): string {
  return sanitizeHtml(marked.parse(markdown, { async: false }), SANITIZE);
}
