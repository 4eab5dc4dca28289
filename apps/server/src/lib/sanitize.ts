import sanitizeHtml from 'sanitize-html';

/**
 * Rich text as stored: a safe subset of HTML. Scripts, styles, event-handler attributes, javascript:
 * and data: URLs (except images) are removed before saving.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
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
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
      }),
    },
  });
}

/**
 * A rich text as compared for "did it change" (issue 34): sanitised, no whitespace between tags, no empty
 * paragraphs, <b>/<i> as <strong>/<em>, bare text as one paragraph — the rewrites an editor makes on
 * loading a stored text without anyone editing it.
 */
function richTextKey(html: string): string {
  const s = sanitizeRichText(html)
    .replace(/>\s+</g, '><')
    .replace(/<(\/?)b>/g, '<$1strong>')
    .replace(/<(\/?)i>/g, '<$1em>')
    .replace(/<br\s*\/?>/g, '<br>')
    .replace(/<p>(?:<br>|&nbsp;|\s)*<\/p>/g, '')
    .trim();
  return s && !s.startsWith('<') ? `<p>${s}</p>` : s;
}

/** Whether two rich texts say the same (a save that only rewrote the markup is no change). */
export function sameRichText(a: unknown, b: unknown): boolean {
  return typeof a === 'string' && typeof b === 'string' && richTextKey(a) === richTextKey(b);
}
