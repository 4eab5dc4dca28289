/**
 * What rich text may hold (news, program and activity intros, about sections), once for both sides
 * (issue 36): the server cleans with sanitize-html before saving (apps/server/src/lib/sanitize.ts), the
 * browser with DOMPurify before inserting (apps/web/src/lib/sanitize-html.ts). Unknown elements are
 * unwrapped (their text stays); the dangerous ones are dropped with their content.
 */
export const RICH_TEXT = {
  tags: [
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
  ],
  /** attributes per tag; no other attribute is kept */
  attributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  } as Record<string, readonly string[]>,
  /** schemes of absolute links; relative (same-site) URLs are kept, protocol-relative ones (//host) are not */
  linkSchemes: ['http', 'https', 'mailto', 'tel'],
  /** schemes of absolute image sources (no data: URLs) */
  imageSchemes: ['http', 'https'],
  /** dropped with everything inside them */
  dropWithContent: ['script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template', 'textarea', 'select', 'svg', 'math', 'head', 'title'],
} as const;

/**
 * Whether a URL may stay on `tag` (href of a, src of img): relative URLs, and absolute ones with an
 * allowed scheme. Control characters and spaces are ignored first ('java\tscript:' is javascript:).
 */
export function richTextUrlAllowed(value: string, tag: string): boolean {
  const v = value.replace(/[\u0000-\u0020\u007f]/g, '');
  if (v.startsWith('//')) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(v)?.[1]?.toLowerCase();
  if (scheme === undefined) return true;
  return (tag === 'img' ? RICH_TEXT.imageSchemes : RICH_TEXT.linkSchemes).includes(scheme as never);
}
