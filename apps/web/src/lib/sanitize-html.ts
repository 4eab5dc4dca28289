/**
 * A small allow-list HTML sanitiser for the browser, mirroring the server's (apps/server/src/lib/sanitize.ts).
 * The server sanitises rich text before saving; the public pages still pass it through here (defence in
 * depth), and the admin form uses it for the live preview of text that has not been saved yet.
 * Unknown elements are unwrapped (their text stays), dangerous ones are dropped with their content.
 */
const ALLOWED_TAGS = new Set([
  'p',
  'br',
  'hr',
  'h2',
  'h3',
  'h4',
  'h5',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'blockquote',
  'pre',
  'code',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'figure',
  'figcaption',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'span',
  'div',
]);
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'textarea',
  'select',
  'svg',
  'math',
  'head',
  'title',
]);
const ALLOWED_ATTRS: Record<string, readonly string[]> = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
};
const LINK_SCHEMES = /^(https?:|mailto:|tel:)/i;
const IMG_SCHEMES = /^https?:/i;

function safeUrl(value: string, tag: string): boolean {
  // Control characters and whitespace inside the scheme are how 'java\tscript:' tricks work.
  const v = value.replace(/[\u0000-\u0020\u007f]/g, '');
  if (v.startsWith('//')) return false;
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(v);
  // Relative URLs (same site) are fine; absolute ones need an allowed scheme.
  if (!hasScheme) return true;
  return tag === 'img' ? IMG_SCHEMES.test(v) : LINK_SCHEMES.test(v);
}

function clean(node: Node, doc: Document): void {
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === 3) continue; // text
    if (child.nodeType !== 1) {
      child.remove(); // comments, processing instructions
      continue;
    }
    const el = child as Element;
    const tag = el.tagName.toLowerCase();
    if (DROP_WITH_CONTENT.has(tag)) {
      el.remove();
      continue;
    }
    clean(el, doc);
    if (!ALLOWED_TAGS.has(tag)) {
      const frag = doc.createDocumentFragment();
      while (el.firstChild) frag.appendChild(el.firstChild);
      el.replaceWith(frag);
      continue;
    }
    const allowed = ALLOWED_ATTRS[tag] ?? [];
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      if (!allowed.includes(name) || ((name === 'href' || name === 'src') && !safeUrl(attr.value, tag))) el.removeAttribute(attr.name);
    }
    if (tag === 'a' && el.getAttribute('target') === '_blank') el.setAttribute('rel', 'noopener noreferrer');
  }
}

/** Returns safe HTML; '' when there is no DOM (server-side rendering relies on the server's sanitiser). */
export function sanitizeHtml(html: string): string {
  if (!html) return '';
  if (typeof DOMParser === 'undefined') return '';
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  clean(doc.body, doc);
  return doc.body.innerHTML;
}

/**
 * The server renderer (issue 23) has no DOMParser: it hands in the server's own allow-list sanitiser
 * (apps/server/src/lib/sanitize.ts). Without one, rich text renders as nothing on the server rather than
 * unsanitised; the browser fills it in after hydration.
 */
let serverSanitizer: ((html: string) => string) | null = null;
export function setServerSanitizer(fn: (html: string) => string): void {
  serverSanitizer = fn;
}
export function sanitizeOnServer(html: string): string {
  return serverSanitizer ? serverSanitizer(html) : '';
}
