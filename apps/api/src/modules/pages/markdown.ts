import { Marked, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';

// Decision 019: sanitize-html keeps an allow-list whatever the text held. The page's title is its h1,
// so a `#` heading becomes an h2.
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
      a: (tagName, attribs) => ({ tagName, attribs: /^https?:/i.test(attribs.href ?? '') ? { ...attribs, rel: 'noopener noreferrer' } : { ...attribs, rel: '' } }),
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
};

export function renderMarkdown(markdown: string): string {
  return sanitizeHtml(marked.parse(markdown, { async: false }), SANITIZE);
}
