/**
 * Tab wraps inside the modal dialog that has the focus (WCAG 2.4.3). antd's modals and drawers trap the focus
 * by pulling it back when it lands outside (@rc-component/util's lockFocus, on focusin), but they are the last
 * thing in the document: Tab on the last control moves the focus out of the page (to the browser's own bar;
 * document.activeElement is <body>) with no focusin to pull it back, and only a second press returns. Here
 * that Tab goes to the first control instead, and Shift+Tab on the first to the last, as the Lightbox does.
 */
const TABBABLE = 'a[href], button, input:not([type="hidden"]), select, textarea, [tabindex], [contenteditable="true"]';

const namedRadio = (x: Element): x is HTMLInputElement => x instanceof HTMLInputElement && x.type === 'radio' && x.name !== '';

function tabbable(el: HTMLElement, _i: number, all: HTMLElement[]): boolean {
  if (el.tabIndex < 0 || (el as HTMLButtonElement).disabled || el.closest('[inert]')) return false;
  // in a radio group with a checked radio, Tab stops on that one only
  if (namedRadio(el) && !el.checked && all.some((x) => namedRadio(x) && x.name === el.name && x.checked)) return false;
  // jsdom has no checkVisibility (nor layout): there every control counts as shown
  return typeof el.checkVisibility === 'function' ? el.checkVisibility({ visibilityProperty: true }) : true;
}

export function wrapDialogTab(e: KeyboardEvent): void {
  if (e.key !== 'Tab' || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
  const active = document.activeElement;
  const dialog = active instanceof HTMLElement ? active.closest<HTMLElement>('[role="dialog"][aria-modal="true"]') : null;
  if (!dialog) return;
  const list = Array.from(dialog.querySelectorAll<HTMLElement>(TABBABLE)).filter(tabbable);
  const first = list[0];
  const last = list[list.length - 1];
  if (!first || !last) return;
  const to = e.shiftKey ? (active === first ? last : null) : active === last ? first : null;
  if (!to) return;
  e.preventDefault();
  to.focus();
}
