import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN_PASSWORD } from '../../playwright.config';

const here = path.dirname(fileURLToPath(import.meta.url));
const localesDir = path.resolve(here, '../../../apps/web/src/locales');

/** Locale text as the app shows it: L('en', 'auth:login.submit'). Journeys never hard-code labels. */
export function L(lang: 'zh' | 'en', key: string, params: Record<string, string | number> = {}): string {
  const [ns, rest] = key.split(':') as [string, string];
  const json = JSON.parse(fs.readFileSync(path.join(localesDir, lang, `${ns}.json`), 'utf8'));
  let v: unknown = json;
  for (const part of rest.split('.')) v = (v as Record<string, unknown>)[part];
  if (typeof v !== 'string') throw new Error(`missing locale key ${lang}:${key}`);
  return v.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => String(params[k] ?? ''));
}

export const screenshotDir = path.resolve(here, '../../screenshots');
fs.mkdirSync(screenshotDir, { recursive: true });

let seq = 0;
/** A fresh mainland mobile number per call within this run. */
export function freshPhone(): string {
  seq += 1;
  return `137${String((Date.now() % 10_000_000) * 10 + seq)
    .padStart(8, '0')
    .slice(-8)}`;
}

/** Admin bearer header, through the real login endpoint. */
export async function adminAuth(request: APIRequestContext): Promise<Record<string, string>> {
  const res = await request.post('/auth/login', { data: { username: 'admin', password: ADMIN_PASSWORD, code: '', uuid: '' } });
  if (!res.ok()) throw new Error(`admin login failed: ${await res.text()}`);
  return { authorization: `Bearer ${(await res.json()).token}` };
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

/** A member registered through the API (used where the journey is not about registering). */
export async function registerMember(request: APIRequestContext, nickName = 'E2E Coach'): Promise<{ phone: string; password: string; nickName: string }> {
  const phone = freshPhone();
  const password = 'journey-pass-1';
  const sent = await request.post('/auth/web/sendSms', { data: { phone, type: 'register' } });
  if (!sent.ok()) throw new Error(await sent.text());
  const code = await latestSmsCode(request, phone);
  const reg = await request.post('/auth/web/register', { data: { phone, code, nickName, password } });
  if (!reg.ok()) throw new Error(await reg.text());
  return { phone, password, nickName };
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
