/**
 * The server renderer (issue 23) has no DOMParser: it hands in the server's own allow-list sanitiser
 * (apps/server/src/lib/sanitize.ts). Without one, rich text renders as nothing on the server rather than
 * unsanitised; the browser fills it in after hydration. Kept apart from lib/sanitize-html.ts so neither the
 * server renderer's setup nor a page's first load carries DOMPurify.
 */
let serverSanitizer: ((html: string) => string) | null = null;
export function setServerSanitizer(fn: (html: string) => string): void {
  serverSanitizer = fn;
}
export function sanitizeOnServer(html: string): string {
  return serverSanitizer ? serverSanitizer(html) : '';
}
