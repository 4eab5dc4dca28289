/**
 * Rich text a server-rendered page arrived with (issue 39's first-load budget): the server sanitised it with the
 * shared allow-list when it rendered the page, so hydration keeps exactly that HTML and the browser's own sanitiser
 * (DOMPurify, ~12 KB) is not part of the first load. Captured from the DOM before hydrateRoot, keyed by the
 * block's useId (the same on the server and in the browser); forgotten once the page has hydrated.
 */
const captured = new Map<string, string>();
let hydrating = false;

/** Before hydrateRoot: remembers every server-rendered rich-text block under `root`. */
export function captureServerRichText(root: ParentNode): void {
  hydrating = true;
  for (const el of root.querySelectorAll<HTMLElement>('[data-rich]')) captured.set(el.dataset.rich!, el.innerHTML);
}

/** Once the page has hydrated: rich text rendered from now on goes through the browser's sanitiser. */
export function richTextHydrated(): void {
  hydrating = false;
  captured.clear();
}

/**
 * While hydrating: the HTML the server rendered for this block; undefined when the page is not hydrating (rendered
 * by the browser) or the server rendered no block under this id.
 */
export function serverRichText(id: string): string | undefined {
  if (!hydrating) return undefined;
  // a block the server did not render (React re-rendering after a hydration mismatch makes new ids) is the
  // browser's to sanitise: never shown empty
  return captured.get(id);
}
