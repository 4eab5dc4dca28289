import type { Page } from './test';

/**
 * WCAG 2.2 AA 2.5.8 Target Size (Minimum), which axe does not check (issue 40): every visible interactive
 * element of the page (links, buttons, inputs, selects, elements with an interactive role or in the Tab
 * order) is at least 24×24 CSS px, unless one of the criterion's exceptions holds:
 * - spacing: a 24 px circle centred on the undersized target meets no other target and no other undersized
 *   target's circle;
 * - inline: the target sits inside a sentence (an inline element in a block of more text than its own);
 * - user agent: a native control the author has not restyled (no class, the browser's own appearance);
 * - essential: an element marked `data-target-essential` (the size is required by what it shows, e.g. a map
 *   pin), which no screen uses today.
 * A native input hidden under a drawn control (antd's checkboxes, radios, selects: opacity 0) is measured by
 * the control drawn for it: its label, else its parent; a stretched link (its ::after laid over a card) by the
 * card. One page.evaluate per call: the sweep measures every screen at two widths without slowing down.
 * Returns one line per failing element: its accessible name, a selector and where it is, and its size.
 */
export function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const sel = [
      'a[href]',
      'button',
      'input:not([type=hidden])',
      'select',
      'textarea',
      'summary',
      '[contenteditable=""], [contenteditable=true]',
      ...[
        'button',
        'link',
        'tab',
        'checkbox',
        'radio',
        'switch',
        'menuitem',
        'menuitemcheckbox',
        'menuitemradio',
        'option',
        'combobox',
        'slider',
        'spinbutton',
        'treeitem',
      ].map((r) => `[role=${r}]`),
      '[tabindex]:not([tabindex="-1"])',
    ].join(', ');
    const hiddenNative = (el: HTMLElement, cs: CSSStyleDeclaration) => /^(INPUT|SELECT)$/.test(el.tagName) && cs.opacity === '0';
    const targets = Array.from(document.querySelectorAll<HTMLElement>(sel))
      .filter((el) => !el.closest('[aria-hidden="true"], [inert]') && !el.matches(':disabled'))
      .map((el) => {
        const cs = getComputedStyle(el);
        const after = getComputedStyle(el, '::after');
        let box: Element = el;
        // a stretched link (its ::after laid over the whole card) is targeted through the card
        if (after.content !== 'none' && after.position === 'absolute' && el.offsetParent) box = el.offsetParent;
        else if (hiddenNative(el, cs)) box = el.closest('label') ?? el.parentElement ?? el;
        const boxStyle = box === el ? cs : getComputedStyle(box);
        return { el, r: box.getBoundingClientRect(), cs, shown: boxStyle.visibility !== 'hidden' && boxStyle.opacity !== '0' };
      })
      // visually hidden elements (a skip link's 1 px clip, focus-trap sentinels) are no pointer target
      .filter(({ r, cs, shown }) => r.width > 1 && r.height > 1 && cs.visibility !== 'hidden' && shown);
    const inline = (el: HTMLElement, cs: CSSStyleDeclaration) => {
      if (cs.display !== 'inline') return false;
      const parentText = (el.parentElement?.textContent ?? '').replace(/\s+/g, '');
      return parentText.length > (el.textContent ?? '').replace(/\s+/g, '').length;
    };
    const userAgent = (el: HTMLElement, cs: CSSStyleDeclaration) =>
      /^(INPUT|SELECT)$/.test(el.tagName) && !el.getAttribute('class') && cs.appearance !== 'none' && !el.closest('[class*="ant-"]');
    const centre = (r: DOMRect) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
    const small = (r: DOMRect) => r.width < 24 || r.height < 24;
    const nameOf = (el: HTMLElement) => {
      const byIds = (el.getAttribute('aria-labelledby') ?? '')
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
      const labels = (el as HTMLInputElement).labels ? Array.from((el as HTMLInputElement).labels ?? []).map((l) => l.textContent) : [];
      const name =
        el.getAttribute('aria-label') ||
        byIds.trim() ||
        labels.join(' ').trim() ||
        el.getAttribute('title') ||
        el.querySelector('img[alt]')?.getAttribute('alt') ||
        el.textContent?.trim() ||
        el.getAttribute('placeholder') ||
        '';
      return name.replace(/\s+/g, ' ').trim().slice(0, 40);
    };
    const selectorOf = (el: Element) => {
      const classes = Array.from(el.classList)
        .filter((c) => !/^(css-|ant-.*-(focused|active|hover))/.test(c))
        .slice(0, 2);
      return el.tagName.toLowerCase() + (el.id ? `#${el.id}` : '') + classes.map((c) => `.${c}`).join('');
    };
    const whereOf = (el: Element) => {
      const region = el.closest('header, footer, nav, aside, [role=dialog], .ant-pagination, .ant-breadcrumb, table, main');
      return region ? ` in ${selectorOf(region)}` : '';
    };
    const bad: string[] = [];
    for (const t of targets) {
      if (!small(t.r) || inline(t.el, t.cs) || userAgent(t.el, t.cs) || t.el.closest('[data-target-essential]')) continue;
      const c = centre(t.r);
      // spacing: the other target's nearest point lies within 12 px of this centre, or two undersized targets' circles meet
      const crowded = targets.find((o) => {
        if (o.el === t.el || o.el.contains(t.el) || t.el.contains(o.el)) return false;
        const nx = Math.max(o.r.left, Math.min(c.x, o.r.right));
        const ny = Math.max(o.r.top, Math.min(c.y, o.r.bottom));
        const oc = centre(o.r);
        return Math.hypot(nx - c.x, ny - c.y) < 12 || (small(o.r) && Math.hypot(oc.x - c.x, oc.y - c.y) < 24);
      });
      if (crowded)
        bad.push(
          `"${nameOf(t.el)}" ${selectorOf(t.el)}${whereOf(t.el)} ${Math.round(t.r.width)}×${Math.round(t.r.height)} px, near "${nameOf(crowded.el)}" ${selectorOf(crowded.el)}`,
        );
    }
    return bad;
  });
}
