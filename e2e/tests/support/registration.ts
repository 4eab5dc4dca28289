import type { APIRequestContext, Page } from '@playwright/test';
import { adminAuth } from './foundation';

/** Bearer header of a member, through the real login endpoint. */
export async function memberAuth(request: APIRequestContext, phone: string, password: string): Promise<Record<string, string>> {
  const res = await request.post('/auth/login', { data: { username: phone, password, code: '', uuid: '' } });
  if (!res.ok()) throw new Error(`login failed: ${await res.text()}`);
  return { authorization: `Bearer ${(await res.json()).token}` };
}

export async function userId(request: APIRequestContext, headers: Record<string, string>): Promise<number> {
  const res = await request.get('/auth/info', { headers });
  const body = await res.json();
  return Number(body.user?.id ?? body.data?.id ?? body.id);
}

/** The admin gives an account `count` universal codes of an activity. */
export async function giveCodes(request: APIRequestContext, activityId: number, ownerUserId: number, count = 3): Promise<void> {
  const headers = await adminAuth(request);
  const res = await request.post('/api/admin/redeemCodes/generate', { headers, data: { activityId, type: 0, count, ownerUserId, priceFen: 0 } });
  if (!res.ok()) throw new Error(`generate failed: ${await res.text()}`);
}

/** Picks an option of an antd Select opened through its label. */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

/** A valid mainland ID number (the date part matters; checksum not checked) unique within a run. */
export function idCard(seq: number, birth = '20120304'): string {
  return `110105${birth}${String(100 + (seq % 900)).padStart(3, '0')}${seq % 2 ? '1' : 'X'}`;
}
