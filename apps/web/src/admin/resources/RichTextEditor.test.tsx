import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import enAdmin from '../../locales/en/admin.json';
import zhAdmin from '../../locales/zh/admin.json';
import i18n from '../../lib/i18n';
import RichTextEditor from './RichTextEditor';
import { stubAntdDom } from '../../test/antd-dom';

// jsdom lacks what antd's tooltips and ProseMirror's selection handling observe.
beforeAll(async () => {
  stubAntdDom();
  document.elementFromPoint ??= () => null;
  Range.prototype.getClientRects ??= () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
  i18n.addResourceBundle('en', 'admin', enAdmin, true, true);
  i18n.addResourceBundle('zh', 'admin', zhAdmin, true, true);
});
afterEach(cleanup);

const STORED =
  '<h2>Rules</h2><p>Read <strong>all</strong> of <a href="https://example.org/rules">the rules</a>.</p><ul><li><p>one</p></li></ul><blockquote><p>quoted</p></blockquote><p><img src="/files/public/a.png" alt="team"></p>';

describe('admin rich-text editor', () => {
  it('shows stored HTML as formatted text and reports nothing until the user edits', async () => {
    const onChange = vi.fn();
    render(<RichTextEditor id="contentZh" label="Content (Chinese)" value={STORED} onChange={onChange} />);
    const box = await screen.findByRole('textbox', { name: 'Content (Chinese)' });
    await waitFor(() => expect(box.querySelector('h2')?.textContent).toBe('Rules'));
    expect(box.querySelector('strong')?.textContent).toBe('all');
    expect(box.querySelector('a')?.getAttribute('href')).toBe('https://example.org/rules');
    expect(box.querySelector('blockquote')?.textContent).toBe('quoted');
    expect(box.querySelector('img[src]')?.getAttribute('src')).toBe('/files/public/a.png');
    expect(box.id).toBe('contentZh');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('labels every toolbar button in the chosen language, and edits the source as HTML', async () => {
    await act(() => i18n.changeLanguage('en'));
    const onChange = vi.fn();
    render(<RichTextEditor label="Intro" value="<p>x</p>" onChange={onChange} />);
    const toolbar = await screen.findByRole('toolbar', { name: 'Formatting of Intro' });
    const names = [...toolbar.querySelectorAll('button')].map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual([
      'H2 heading',
      'H3 subheading',
      'Bold',
      'Italic',
      'Link',
      'Bulleted list',
      'Numbered list',
      'Quote',
      'Undo',
      'Redo',
      'Edit the HTML',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Edit the HTML' }));
    const source = screen.getByRole('textbox', { name: 'Intro, HTML' });
    fireEvent.change(source, { target: { value: '<p>y</p>' } });
    expect(onChange).toHaveBeenLastCalledWith('<p>y</p>');
    await act(() => i18n.changeLanguage('zh'));
  });
});
