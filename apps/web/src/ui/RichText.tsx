import { useMemo } from 'react';
import { sanitizeHtml, sanitizeOnServer } from '../lib/sanitize-html';
import s from './content.module.css';

/**
 * Rich text from the server (news content, program and activity intros, about sections). The server
 * sanitises it before saving; in the browser it passes our allow-list again before it is inserted.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  const safe = useMemo(() => (typeof DOMParser === 'undefined' ? sanitizeOnServer(html) : sanitizeHtml(html)), [html]);
  if (!safe.trim()) return null;
  return <div className={`${s.rich} ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: safe }} />;
}
