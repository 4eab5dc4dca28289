import DOMPurify from 'dompurify';
import { RICH_TEXT, richTextUrlAllowed } from '@rp/shared/rich-text';

/**
 * Rich text in the browser: DOMPurify with the allow-list of packages/shared/src/rich-text.ts, the same
 * list the server's sanitize-html applies before saving. The public pages pass stored text through it
 * again (defence in depth); the admin form uses it for the live preview of text not saved yet. Loaded
 * after the page, when its rich text is hydrated (ui/RichText.tsx): DOMPurify is not part of any first load.
 */
let purifier: ReturnType<typeof DOMPurify> | null = null;

function configured(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  const p = DOMPurify(window);
  // attributes are allowed per tag, and href/src by scheme (DOMPurify's own lists are global)
  p.addHook('uponSanitizeAttribute', (node, data) => {
    const tag = node.nodeName.toLowerCase();
    const name = data.attrName.toLowerCase();
    const allowed = RICH_TEXT.attributes[tag] ?? [];
    // DOMPurify's own checks still run on what is kept
    if (!allowed.includes(name) || ((name === 'href' || name === 'src') && !richTextUrlAllowed(data.attrValue, tag))) data.keepAttr = false;
  });
  p.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
  });
  purifier = p;
  return p;
}

/** Returns safe HTML; '' when there is no DOM (server-side rendering relies on the server's sanitiser). */
export function sanitizeHtml(html: string): string {
  if (!html) return '';
  if (typeof window === 'undefined' || typeof DOMParser === 'undefined') return '';
  return configured().sanitize(html, {
    ALLOWED_TAGS: [...RICH_TEXT.tags],
    ALLOWED_ATTR: [...new Set(Object.values(RICH_TEXT.attributes).flat())],
    FORBID_CONTENTS: [...RICH_TEXT.dropWithContent],
    KEEP_CONTENT: true,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}
