import crypto from 'node:crypto';
import { loadCaptcha } from '../../lib/lazy-libs';
import type { ShortStore } from '../../lib/short-store';

export const CAPTCHA_TTL_S = 120; // design §7: single use, 2 minutes

/** Issues a captcha; the answer stays server-side under a random uuid. */
export async function issueCaptcha(store: ShortStore): Promise<{ img: string; uuid: string }> {
  const c = (await loadCaptcha()).create({ size: 4, noise: 2, ignoreChars: '0oO1ilI', color: true, background: '#f4f6fb', width: 110, height: 40 });
  const uuid = crypto.randomUUID();
  await store.set(`captcha:${uuid}`, c.text.toLowerCase(), CAPTCHA_TTL_S);
  return { img: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}`, uuid };
}

/** Spends the captcha whatever the answer: a second try with the same uuid always fails. */
export async function checkCaptcha(store: ShortStore, uuid: string, answer: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/.test(uuid)) return false;
  const expected = await store.take(`captcha:${uuid}`);
  return expected !== null && expected === answer.trim().toLowerCase();
}
