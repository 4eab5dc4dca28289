/** Room left between the sticky header and what takes focus (px). */
const GAP = 12;

/**
 * WCAG 2.4.11 (focus not obscured): when focus lands on an element the sticky `header` covers (Shift+Tab back
 * to something the window scrolled past: the browser finds it "in view" when it is only under the header), the
 * window scrolls it clear. html's scroll-padding-top does the same for what the browser does scroll to.
 * Returns the function that stops it.
 */
export function keepFocusClearOf(header: HTMLElement, win: Window = window): () => void {
  const onFocus = (e: FocusEvent) => {
    const el = e.target;
    if (!(el instanceof (win as Window & typeof globalThis).HTMLElement) || header.contains(el)) return;
    const bottom = header.getBoundingClientRect().bottom;
    const r = el.getBoundingClientRect();
    if (r.top < bottom && r.bottom > 0) win.scrollBy({ top: r.top - bottom - GAP, behavior: 'instant' as ScrollBehavior });
  };
  win.document.addEventListener('focusin', onFocus);
  return () => win.document.removeEventListener('focusin', onFocus);
}
