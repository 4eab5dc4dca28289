import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resourceLabel } from '../../../packages/shared/src/resources/labels';
import { type APIRequestContext, type Browser, type BrowserContext, type Page, type PageScreenshotOptions } from '@playwright/test';
import { ADMIN_PASSWORD, baseURL } from '../../playwright.config';

const here = path.dirname(fileURLToPath(import.meta.url));
const localesDir = path.resolve(here, '../../../apps/web/src/locales');

/** Locale text as the app shows it: L('en', 'auth:login.submit'). Journeys never hard-code labels. */
export function L(lang: 'zh' | 'en', key: string, params: Record<string, string | number> = {}): string {
  const [ns, rest] = key.split(':') as [string, string];
  const json = JSON.parse(fs.readFileSync(path.join(localesDir, lang, `${ns}.json`), 'utf8'));
  let v: unknown = json;
  for (const part of rest.split('.')) v = (v as Record<string, unknown> | undefined)?.[part];
  // the admin resources' labels live in the shared package (merged into the admin namespace by the app)
  if (v === undefined && ns === 'admin') v = resourceLabel(lang, key);
  if (typeof v !== 'string') throw new Error(`missing locale key ${lang}:${key}`);
  return v.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => String(params[k] ?? ''));
}

export const screenshotDir = path.resolve(here, '../../screenshots');
fs.mkdirSync(screenshotDir, { recursive: true });

/**
 * Pictures of the screens for people who want to look at them: `E2E_SCREENSHOTS=1` writes them into
 * e2e/screenshots/. Without it none are taken (a failing test still gets Playwright's own screenshot).
 */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

/**
 * Saves a picture of the page as `e2e/screenshots/<file>` when E2E_SCREENSHOTS=1, and does nothing
 * otherwise. `settle` first lets running animations (a drawer or dialog opening) end.
 */
export async function shoot(page: Page, file: string, options: Omit<PageScreenshotOptions, 'path'> & { settle?: boolean } = {}): Promise<void> {
  if (!SCREENSHOTS) return;
  const { settle, ...rest } = options;
  if (settle) await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await page.screenshot({ ...rest, path: path.join(screenshotDir, file) });
}

let seq = 0;
// the second this worker process started: a worker started again after a failure starts in a later one
const started = Math.floor(Date.now() / 1000) % 10_000;
/** A fresh mainland mobile number per call within this run: the worker, when it started, a counter. */
export function freshPhone(): string {
  seq += 1;
  const worker = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % 10;
  return `137${worker}${String(started).padStart(4, '0')}${String(seq % 1000).padStart(3, '0')}`;
}

let adminSession: Promise<string> | null = null;

/**
 * The administrator's token, through the real login endpoint: one session per worker process (a login is
 * an argon2 check on the server, and the journeys need the admin hundreds of times). No journey logs the
 * admin out.
 */
export function adminToken(): Promise<string> {
  adminSession ??= (async () => {
    const res = await fetch(`${baseURL}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD, code: '', uuid: '' }),
    });
    if (!res.ok) throw new Error(`admin login failed: ${await res.text()}`);
    return ((await res.json()) as { token: string }).token;
  })();
  // a failed login is not kept: the next call tries again
  adminSession.catch(() => (adminSession = null));
  return adminSession;
}

/** Admin bearer header (the worker's admin session; `request` is kept for the callers' sake). */
export async function adminAuth(_request?: APIRequestContext): Promise<Record<string, string>> {
  return { authorization: `Bearer ${await adminToken()}` };
}

/** The latest SMS code sent to a phone, read from the administrator's outbox (the default SMS adapter). */
export async function latestSmsCode(request: APIRequestContext, phone: string): Promise<string> {
  const headers = await adminAuth(request);
  for (let i = 0; i < 20; i++) {
    const res = await request.get('/api/admin/smsOutbox?page=0&size=50', { headers });
    const item = (await res.json()).content.find((m: { phone: string }) => m.phone === phone);
    const code = item && /(\d{6})/.exec(item.content)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no SMS for ${phone}`);
}

export interface Member {
  phone: string;
  password: string;
  nickName: string;
  /** the session registering opened (registering logs in) */
  token: string;
  /** its bearer header, for the API */
  headers: Record<string, string>;
}

/** A member registered through the API (used where the journey is not about registering). */
export async function registerMember(request: APIRequestContext, nickName = 'E2E Coach'): Promise<Member> {
  const phone = freshPhone();
  const password = 'journey-pass-1';
  const sent = await request.post('/auth/web/sendSms', { data: { phone, type: 'register' } });
  if (!sent.ok()) throw new Error(await sent.text());
  const code = await latestSmsCode(request, phone);
  const reg = await request.post('/auth/web/register', { data: { phone, code, nickName, password, acceptPrivacy: true } });
  if (!reg.ok()) throw new Error(await reg.text());
  const token = (await reg.json()).token as string;
  return { phone, password, nickName, token, headers: { authorization: `Bearer ${token}` } };
}

/** The token of a bearer header. */
export const tokenOf = (headers: Record<string, string>): string => headers.authorization!.replace(/^Bearer /, '');

/**
 * Signs a browser context in with a session opened through the API, the way the web app keeps it (the
 * `token` cookie, spec 6): the journey starts signed in instead of going through the login form, which
 * foundation.spec's journey covers.
 */
export async function signIn(context: BrowserContext, token: string): Promise<void> {
  await context.addCookies([{ name: 'token', value: token, url: baseURL }]);
}

/** A new context (viewport `width`) in `lang`, signed in with `token`, on `target`. */
export async function pageAs(browser: Browser, token: string, lang: 'zh' | 'en', target: string, width = 1440): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: width > 800 ? 1000 : 844 } });
  await signIn(context, token);
  const page = await context.newPage();
  await setLang(page, lang);
  await page.goto(target);
  return page;
}

export async function setLang(page: Page, lang: 'zh' | 'en') {
  await page.addInitScript((l) => window.localStorage.setItem('lang', l), lang);
}

/** Fills the password form of /login (the captcha is off in journeys) and submits. */
export async function loginThroughForm(page: Page, lang: 'zh' | 'en', account: string, password: string) {
  await page.getByLabel(L(lang, 'auth:login.account')).fill(account);
  await page.getByRole('textbox', { name: L(lang, 'auth:login.password'), exact: true }).fill(password);
  await page.getByRole('button', { name: L(lang, 'auth:login.submit'), exact: true }).click();
}
