/**
 * Content bodies (CMS pages and blocks, magazine posts) are stored as sanitised HTML: the storefront renders them
 * with `dangerouslySetInnerHTML`, so nothing but the tags a magazine needs may reach the database. Markdown is
 * rendered to HTML first (marked) and then sanitised the same way (sanitize-html), so both formats pass one gate.
 *
 * Kept: headings h2–h4, paragraphs, emphasis, lists, quotes, figures with captions, pictures (`src` only the shop's
 * `/media/...` or https), rules, simple tables, and links (http, https, mailto, tel, or a path inside the shop).
 * Dropped: scripts and styles with their contents, iframes, forms, event handlers, `style`, classes, javascript: and
 * data: URLs, protocol-relative (`//host`) addresses.
 */
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

const ALLOWED_TAGS = [
  'h2', 'h3', 'h4', 'p', 'br', 'a', 'strong', 'em', 'b', 'i', 'ul', 'ol', 'li', 'blockquote', 'figure', 'figcaption',
  'img', 'hr', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'caption',
];

/** A picture's address: the shop's own media, or an https picture. */
const IMAGE_SRC = /^(\/media\/[^\s"'<>]*|https:\/\/[^\s"'<>]+)$/i;
/** A link inside the shop: a path from the root (`/nl/i/over-ons`), never `//host`. */
const STORE_PATH = /^\/(?!\/)/;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Unknown tags go, their text stays; script, style, textarea and the like go with their contents.
  disallowedTagsMode: 'discard',
  transformTags: {
    // A page's own title is its h1: headings in a body start at h2 (Markdown's `#` too) and stop at h4.
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    a: (tagName, attribs) => {
      const href = attribs.href?.trim();
      // Relative addresses other than root paths (`../x`, `x.html`) mean nothing on a page whose URL changes per store.
      const keep = href !== undefined && (STORE_PATH.test(href) || /^(https?:|mailto:|tel:)/i.test(href));
      const { href: _dropped, ...rest } = attribs;
      return { tagName, attribs: keep ? { ...rest, href } : rest };
    },
    img: (tagName, attribs) => {
      const src = attribs.src?.trim();
      const { src: _dropped, ...rest } = attribs;
      return { tagName, attribs: src !== undefined && IMAGE_SRC.test(src) ? { ...rest, src } : rest };
    },
  },
  // A picture whose address was refused is dropped whole.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

const markdown = new Marked({ async: false, gfm: true });

export type BodyFormat = 'html' | 'markdown';

/** The sanitised HTML of a body written as HTML (the default) or Markdown. */
export function sanitizeBody(body: string, format: BodyFormat = 'html'): string {
  const html = format === 'markdown' ? (markdown.parse(body) as string) : body;
  return sanitizeHtml(html, OPTIONS).trim();
}

const PLAIN: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard' };
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'" };

/**
 * A plain-text field (a title, an excerpt, a testimonial): the storefront shows it as text, never as HTML, but no
 * tag is stored in it either. Tags (and script contents) go, entities become characters again, and a `<` that would
 * start a tag is dropped; `5 < 6` stays.
 */
export function plainText(text: string): string {
  return sanitizeHtml(text, PLAIN)
    .replace(/&(amp|lt|gt|quot|#39|#x27);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/<(?=[a-zA-Z/!?])/g, '')
    .trim();
}
