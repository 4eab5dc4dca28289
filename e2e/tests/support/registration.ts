import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { adminAuth } from './foundation';
import { withIdCheckChar } from '../../../packages/shared/src/rules/id-card';

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
  const select = page.getByLabel(label, { exact: true });
  const dropdown = page.locator('.ant-select-dropdown:visible');
  // a popup caught while it is still being placed can sit outside the viewport: close it, open it again
  await expect(async () => {
    if (!(await dropdown.count())) await select.click();
    try {
      await dropdown.locator('.ant-select-item-option', { hasText: option }).first().click({ timeout: 3000 });
    } catch (e) {
      await select.press('Escape');
      throw e;
    }
  }).toPass({ timeout: 20_000 });
}

/** A valid mainland ID number (birth date and GB 11643 check digit) unique within a run. */
export function idCard(seq: number, birth = '20120304'): string {
  return withIdCheckChar(`110105${birth}${String(100 + (seq % 900)).padStart(3, '0')}`);
}

/** The admin creates an activity (open for sign-up unless told otherwise) with one sumo-like program. */
export async function createActivity(
  request: APIRequestContext,
  name: string,
  over: Record<string, unknown> = {},
): Promise<{ id: number; program: { zh: string; en: string } }> {
  const headers = await adminAuth(request);
  const day = 86_400_000;
  const now = Date.now();
  const res = await request.post('/api/admin/activities', {
    headers,
    data: {
      nameZh: `${name}（测试赛）`,
      nameEn: `${name} (test event)`,
      year: new Date().getFullYear(),
      beginTime: new Date(now + 60 * day).toISOString(),
      finishTime: new Date(now + 62 * day).toISOString(),
      signUpBegin: new Date(now - day).toISOString(),
      signUpEnd: new Date(now + 30 * day).toISOString(),
      ...over,
    },
  });
  if (!res.ok()) throw new Error(`activity create failed: ${await res.text()}`);
  const id = Number((await res.json()).data.id);
  const program = { zh: `相扑${id}`, en: `Sumo ${id}` };
  const p = await request.post('/api/admin/programs', {
    headers,
    data: { activityId: id, nameZh: program.zh, nameEn: program.en, type: 0, maxMembers: 3, minAge: 6, maxAge: 18 },
  });
  if (!p.ok()) throw new Error(`program create failed: ${await p.text()}`);
  return { id, program };
}

/** The admin moves an activity's dates (e.g. sign-up end into the past to close it). */
export async function updateActivity(request: APIRequestContext, id: number, patch: Record<string, unknown>): Promise<void> {
  const headers = await adminAuth(request);
  const res = await request.put(`/api/admin/activities/${id}`, { headers, data: patch });
  if (!res.ok()) throw new Error(`activity update failed: ${await res.text()}`);
}

/** A fresh open activity (no other journey's ID numbers in it) with a ¥980 plan, and a coach's team of two there. */
export async function teamOfTwo(
  request: APIRequestContext,
  headers: Record<string, string>,
  name: string,
  over: Record<string, unknown> = {},
): Promise<{ activityId: number; teamId: number }> {
  const { id: activityId } = await createActivity(request, name, over);
  const plan = await request.post('/api/admin/plans', {
    headers: await adminAuth(request),
    data: { activityId, nameZh: '标准报名', nameEn: 'Standard entry', priceFen: 98_000 },
  });
  expect(plan.ok(), await plan.text()).toBe(true);
  const programs = await (await request.get(`/api/lProgram/web/list?activityId=${activityId}&size=50`, { headers })).json();
  const member = (n: string, i: number) => ({ name: n, cardType: 0, card: idCard(i), emerName: 'Parent', emerPhone: '13800138000', region: '86' });
  const res = await request.post('/api/lTeam/web/batchCreate', {
    headers,
    data: { activityId, team: { name, program: { id: programs.content[0].id } }, members: [member('Li Lei', 1), member('Han Meimei', 2)] },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return { activityId, teamId: Number((await res.json()).data.id) };
}

/**
 * The account holder declares they are the parent or guardian of a player under 14 and agree to the children's rules
 * (issue 37): without a guardian's consent such a player cannot be passed, paid for or given a code.
 */
export async function declareGuardian(request: APIRequestContext, headers: Record<string, string>, memberId: number) {
  const r = await request.post('/api/lTeamMember/web/consent/declare', {
    headers,
    data: { memberId, guardianName: 'Parent', relationship: 'mother', agree: true },
  });
  expect(r.ok(), `guardian consent for player ${memberId}: ${r.status()} ${await r.text()}`).toBeTruthy();
}
