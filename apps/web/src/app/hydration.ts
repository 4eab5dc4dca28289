import type { HydrationState } from 'react-router';

/**
 * The loader data the server rendered an information page with (issue 23) travels in a JSON script
 * element, not an inline script: the page's Content-Security-Policy keeps forbidding inline code, and the
 * cached HTML needs no per-response nonce.
 */
export const HYDRATION_DATA_ID = 'rr-data';
/** Beside it, the site's public configuration the page was rendered with (lib/public-config.ts: the footer's legal lines). */
export const PUBLIC_CONFIG_ID = 'rp-config';

/** JSON safe inside <script>: no `</script>`, no `<!--`, no line separators that end a script in old engines. */
export function serializeHydrationData(data: HydrationState): string {
  return serializeForScript(data);
}

/** Any value as JSON safe inside <script> (see serializeHydrationData). */
export function serializeForScript(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function readHydrationData(el: Element | null): HydrationState | null {
  return readScriptJson<HydrationState>(el);
}

/** The JSON of a data script element; null when absent or unreadable. */
export function readScriptJson<T>(el: Element | null): T | null {
  if (!el?.textContent) return null;
  try {
    return JSON.parse(el.textContent) as T;
  } catch {
    return null;
  }
}
