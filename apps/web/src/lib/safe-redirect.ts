/**
 * Where to go after login: only a same-origin relative path starting with a single '/', never back
 * to an auth page. Anything else (absolute URLs, //host, /\host, javascript:, control characters)
 * falls back. Prevents open redirects through ?redirect=.
 */
export function safeRedirect(raw: string | null | undefined, fallback = '/'): string {
  if (!raw || raw.length > 2048) return fallback;
  if (!raw.startsWith('/') || raw.startsWith('//')) return fallback;
  // Control characters and backslashes let browsers reinterpret the URL (/\evil.com).
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return fallback;
  try {
    const base = 'http://relative.invalid';
    const url = new URL(raw, base);
    if (url.origin !== base) return fallback;
    const path = url.pathname.replace(/\/+$/, '').toLowerCase();
    if (path === '/login' || path === '/regist') return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
