import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resourceLabel } from '../../../packages/shared/src/resources/labels';
import sharp from 'sharp';
import type { APIRequestContext, Page } from '@playwright/test';
import { adminAuth, screenshotDir } from './foundation';

export type Lang = 'zh' | 'en';
export const LANGS: readonly Lang[] = ['zh', 'en'];

const here = path.dirname(fileURLToPath(import.meta.url));
const localesDir = path.resolve(here, '../../../apps/web/src/locales');
const cache = new Map<string, unknown>();

/** A locale text as the app shows it: T('en', 'content:gallery.loadMore'). Journeys never hard-code labels. */
export function T(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  const [ns, rest] = key.split(':') as [string, string];
  const file = path.join(localesDir, lang, `${ns}.json`);
  if (!cache.has(file)) cache.set(file, JSON.parse(fs.readFileSync(file, 'utf8')));
  let v: unknown = cache.get(file);
  for (const part of rest.split('.')) v = (v as Record<string, unknown> | undefined)?.[part];
  // the admin resources' labels live in the shared package (merged into the admin namespace by the app)
  if (v === undefined && ns === 'admin') v = resourceLabel(lang, key);
  if (typeof v !== 'string') throw new Error(`missing locale key ${lang}:${key}`);
  return v.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => String(params[k] ?? ''));
}

export { screenshotDir };

export async function startIn(page: Page, lang: Lang) {
  await page.addInitScript((l) => window.localStorage.setItem('lang', l), lang);
}

/** Switches the language with the header's dropdown (as a visitor does). */
export async function switchLanguage(page: Page, from: Lang, to: Lang) {
  const current = T(from, 'common:lang.current', { name: T(from, `common:lang.${from}`) });
  await page.getByRole('button', { name: current }).click();
  await page.getByRole('button', { name: T(from, `common:lang.${to}`), exact: true }).click();
  await page.waitForFunction((l) => document.documentElement.lang === l, to === 'zh' ? 'zh-CN' : 'en');
}

/** Admin bearer header: the worker's admin session (foundation's adminAuth). */
export const adminHeaders = (request: APIRequestContext): Promise<Record<string, string>> => adminAuth(request);

/** Distinct small pictures (PNG), generated here: no fixtures. */
export async function picture(i: number): Promise<Buffer> {
  const hue = (i * 37) % 360;
  const c = (n: number) => Math.round(128 + 100 * Math.sin(((hue + n) * Math.PI) / 180));
  return sharp({ create: { width: 240, height: 160, channels: 3, background: { r: c(0), g: c(120), b: c(240) } } })
    .png()
    .toBuffer();
}

export interface SeededAlbum {
  consoleId: number;
  photoId: number;
  consoleName: { zh: string; en: string };
  albumName: { zh: string; en: string };
  count: number;
}

/**
 * A gallery with one album of `count` pictures, through the admin API (the seeded demo albums have at
 * most 24, fewer than one page of 100): enough to test infinite scroll deterministically.
 */
export async function seedBigAlbum(request: APIRequestContext, count: number): Promise<SeededAlbum> {
  const headers = await adminHeaders(request);
  const stamp = Date.now().toString(36);
  const consoleName = { zh: `E2E 滚动相册 ${stamp}`, en: `E2E scroll gallery ${stamp}` };
  const albumName = { zh: 'E2E 比赛日', en: 'E2E match day' };
  const year = new Date().getUTCFullYear();
  const c = await request.post('/api/admin/consoles', {
    headers,
    data: {
      nameZh: consoleName.zh,
      nameEn: consoleName.en,
      descriptionZh: '端到端测试相册',
      descriptionEn: 'End-to-end test gallery',
      year,
      filterEnabled: true,
      sort: -1,
    },
  });
  if (!c.ok()) throw new Error(`create console: ${await c.text()}`);
  const consoleId = (await c.json()).data.id as number;
  const p = await request.post('/api/admin/photos', { headers, data: { consoleId, nameZh: albumName.zh, nameEn: albumName.en } });
  if (!p.ok()) throw new Error(`create photo: ${await p.text()}`);
  const photoId = (await p.json()).data.id as number;

  let next = 0;
  const lane = async () => {
    while (next < count) {
      const i = next++;
      const res = await request.post(`/api/admin/photos/${photoId}/pictures`, {
        headers,
        multipart: {
          teamName: i % 2 ? 'Falcons' : 'Robo Lions',
          memberName: `Player ${(i % 7) + 1}`,
          file: { name: `e2e-${String(i).padStart(3, '0')}.png`, mimeType: 'image/png', buffer: await picture(i) },
        },
      });
      if (!res.ok()) throw new Error(`upload ${i}: ${await res.text()}`);
    }
  };
  await Promise.all(Array.from({ length: 6 }, lane));
  return { consoleId, photoId, consoleName, albumName, count };
}

/** Scrolls through the page so lazy images load, then back to the top (for full-page screenshots). */
export async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    const step = Math.max(400, window.innerHeight);
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 60));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
}
