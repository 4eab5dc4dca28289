import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT } from '@rp/shared/rich-text';

/**
 * Rich text as stored: the safe subset of HTML of packages/shared/src/rich-text.ts (the browser's
 * DOMPurify takes the same list). Scripts, styles, event-handler attributes, javascript: and data: URLs
 * are removed before saving. sanitize-html (htmlparser2, no DOM) stays on the server: DOMPurify would
 * need jsdom here.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...RICH_TEXT.tags],
    allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT.attributes).map(([tag, attrs]) => [tag, [...attrs]])),
    allowedSchemes: [...RICH_TEXT.linkSchemes],
    allowedSchemesByTag: { img: [...RICH_TEXT.imageSchemes] },
    allowProtocolRelative: false,
    nonTextTags: [...RICH_TEXT.dropWithContent, 'option'],
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
