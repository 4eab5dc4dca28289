import { Suspense, use, useId, useMemo, useState } from 'react';
import { RICH_TEXT } from '@rp/shared/rich-text';
import { sanitizeOnServer } from '../lib/sanitize-server';
import { serverRichText } from '../lib/server-rich';
import s from './content.module.css';

/** DOMPurify with our allow-list (lib/sanitize-html), loaded once, the first time the browser renders rich text. */
let purifier: Promise<typeof import('../lib/sanitize-html')> | null = null;
const loadPurifier = () => (purifier ??= import('../lib/sanitize-html'));

const ALLOWED = new Set<string>(RICH_TEXT.tags);
const BARE_TAG = /<\/?([a-z][a-z0-9]*)>/gi;
/**
 * Text that needs no sanitising: nothing but text and bare tags of the allow-list (no attribute, no comment, no
 * other markup). It is inserted as it is; anything else waits for DOMPurify. Never rewrites: it only decides
 * whether the sanitiser is needed (plain descriptions, the common case, cost no download).
 */
export function inertRichText(html: string): boolean {
  return !html.replace(BARE_TAG, (tag, name: string) => (ALLOWED.has(name.toLowerCase()) ? '' : tag)).includes('<');
}

/**
 * Rich text from the server (news content, program and activity intros, about sections, policies). The server
 * sanitises it before saving and, with the same allow-list, when it renders a page. A server-rendered page keeps
 * that HTML as it hydrates (lib/server-rich.ts), so DOMPurify is not part of its first load; rich text the browser
 * renders itself passes DOMPurify first and appears once the sanitiser has loaded, unless it is inert (plain text
 * and bare allowed tags: inertRichText).
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  const id = useId();
  const [first] = useState(() => ({ html, server: typeof DOMParser === 'undefined' ? sanitizeOnServer(html) : serverRichText(id) }));
  if (first.server !== undefined && html === first.html) return <Rich id={id} safe={first.server} className={className} />;
  if (inertRichText(html)) return <Rich id={id} safe={html} className={className} />;
  return (
    <Suspense fallback={null}>
      <BrowserRich id={id} html={html} className={className} />
    </Suspense>
  );
}

function BrowserRich({ id, html, className }: { id: string; html: string; className?: string }) {
  const { sanitizeHtml } = use(loadPurifier());
  const safe = useMemo(() => sanitizeHtml(html), [sanitizeHtml, html]);
  return <Rich id={id} safe={safe} className={className} />;
}

function Rich({ id, safe, className }: { id: string; safe: string; className?: string }) {
  if (!safe.trim()) return null;
  return <div data-rich={id} className={`${s.rich} ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: safe }} />;
}
