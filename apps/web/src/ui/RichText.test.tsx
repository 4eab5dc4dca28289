import { act, cleanup, render } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { richTextHydrated } from '../lib/server-rich';
import { setServerSanitizer } from '../lib/sanitize-server';

// Records whether the browser's sanitiser (DOMPurify) was loaded: a server-rendered page must not need it.
const loaded = vi.hoisted(() => ({ count: 0 }));
vi.mock('../lib/sanitize-html', async (importOriginal) => {
  loaded.count++;
  return importOriginal();
});
const { RichText } = await import('./RichText');

afterEach(() => {
  cleanup();
  richTextHydrated();
});

const HOSTILE = '<p>Hello <strong>world</strong><img src="x" onerror="alert(1)"></p><script>alert(2)</script>';

describe('rich text (issue 36: DOMPurify in the browser; issue 39: not in a first load)', () => {
  it('rendered by the browser: passes the allow-list (DOMPurify) before it is inserted', async () => {
    let container!: HTMLElement;
    await act(async () => {
      container = render(<RichText html={HOSTILE} />).container;
      await import('../lib/sanitize-html');
    });
    expect(container.querySelector('strong')?.textContent).toBe('world');
    expect(container.innerHTML).not.toMatch(/onerror|<script/);
    expect(loaded.count).toBe(1);
  });

  it('a server-rendered page keeps the HTML the server sanitised as it hydrates, without loading DOMPurify', async () => {
    loaded.count = 0;
    vi.resetModules();
    const { RichText: Fresh } = await import('./RichText');
    const sm = await import('../lib/server-rich');
    const ss = await import('../lib/sanitize-server');
    // the server renders with its own sanitiser (here: one that keeps only the paragraph's text)
    ss.setServerSanitizer(() => '<p>Hello <strong>world</strong></p>');
    const Page = () => (
      <main>
        <Fresh html={HOSTILE} />
        <Fresh html="" />
      </main>
    );
    const parser = globalThis.DOMParser;
    // @ts-expect-error -- the server renderer has no DOMParser
    delete globalThis.DOMParser;
    const html = renderToString(<Page />);
    globalThis.DOMParser = parser;
    expect(html).toContain('<p>Hello <strong>world</strong></p>');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    sm.captureServerRichText(container);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () => {
      hydrateRoot(container, <Page />);
    });
    expect(container.innerHTML).toBe(html);
    expect(errors).not.toHaveBeenCalled();
    expect(loaded.count).toBe(0);
    sm.richTextHydrated();
    container.remove();
    setServerSanitizer(() => '');
  });
});

describe('inert rich text needs no sanitiser', () => {
  it.each([
    ['plain text', '本赛季开放报名的赛事 & more > less', true],
    ['bare allowed tags', '<p>Hello <strong>world</strong></p><ul><li>one</li></ul><h2>T</h2>', true],
    ['an attribute', '<p class="x">Hi</p>', false],
    ['a link', '<a href="https://example.org">x</a>', false],
    ['a script', '<script>alert(1)</script>', false],
    ['an unknown tag', '<iframe></iframe>', false],
    ['a comment', '<!-- x --><p>a</p>', false],
    ['a self-closing tag', '<br/>', false],
    ['a lone angle bracket', 'a < b', false],
  ])('%s', async (_, html, inert) => {
    const { inertRichText } = await import('./RichText');
    expect(inertRichText(html)).toBe(inert);
  });
});
