import { describe, expect, it } from 'vitest';
import { RICH_TEXT } from '@rp/shared/rich-text';
import { sanitizeHtml } from './sanitize-html';

describe('sanitizeHtml (defence in depth for rich text)', () => {
  it('keeps the allowed subset', () => {
    const html =
      '<h2>Rules</h2><p>Read <a href="https://example.org/r.pdf" title="rules">this</a> and <strong>that</strong>.</p><ul><li>one</li></ul><img src="/files/public/a.jpg" alt="A">';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('drops scripts, styles, frames and event handlers', () => {
    const out = sanitizeHtml(
      '<p onclick="x()">hi<script>alert(1)</script><style>p{}</style></p><iframe src="https://evil"></iframe><img src="/a.jpg" onerror="alert(1)">',
    );
    expect(out).toBe('<p>hi</p><img src="/a.jpg">');
  });

  it('removes dangerous URLs, including disguised ones', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="java\tscript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="//evil.example">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<img src="data:image/svg+xml,<svg/onload=alert(1)>">')).toBe('<img>');
    expect(sanitizeHtml('<a href="mailto:a@b.c">mail</a>')).toBe('<a href="mailto:a@b.c">mail</a>');
  });

  it('unwraps unknown elements but keeps their text, and protects new windows', () => {
    expect(sanitizeHtml('<section><font color="red">kept</font></section>')).toBe('kept');
    expect(sanitizeHtml('<a href="https://x.org" target="_blank">x</a>')).toBe('<a href="https://x.org" target="_blank" rel="noopener noreferrer">x</a>');
  });

  it('keeps exactly the shared allow-list (packages/shared/src/rich-text.ts, the server applies the same)', () => {
    for (const tag of RICH_TEXT.tags.filter((t) => !['br', 'hr', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'li'].includes(t)))
      expect(sanitizeHtml(`<${tag} title="t" class="c" style="color:red" data-x="1">x</${tag}>`)).toBe(
        `<${tag}${(RICH_TEXT.attributes[tag] ?? []).includes('title') ? ' title="t"' : ''}>x</${tag}>`,
      );
    expect(sanitizeHtml('<table><tbody><tr><td colspan="2" width="3">a</td></tr></tbody></table>')).toBe(
      '<table><tbody><tr><td colspan="2">a</td></tr></tbody></table>',
    );
    for (const tag of RICH_TEXT.dropWithContent.filter((t) => !['head', 'title', 'embed'].includes(t)))
      expect(sanitizeHtml(`<p>a</p><${tag}>gone</${tag}>`), tag).toBe('<p>a</p>');
    expect(sanitizeHtml('<img src="https://x.org/a.png" width="1" onload="x()"><a href="ftp://x.org/f">f</a><a href="tel:123">t</a>')).toBe(
      '<img src="https://x.org/a.png" width="1"><a>f</a><a href="tel:123">t</a>',
    );
  });

  it('returns nothing for nothing', () => {
    expect(sanitizeHtml('')).toBe('');
  });
});
