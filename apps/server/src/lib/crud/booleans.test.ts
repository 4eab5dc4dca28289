import { describe, expect, it } from 'vitest';
import { getTableConfig, type PgColumn } from 'drizzle-orm/pg-core';
import { useTestApp } from '../../test/context';
import { buildActivity, buildUser, loginAs } from '../../test/factories';
import { servedTables } from './display';

/**
 * Issue 34, item 1: an on/off field saves "off" as well as "on" through the generic admin routes. The request
 * schema takes JSON booleans only (no coercion: the string "false" is not true), every boolean field is a
 * PostgreSQL boolean column (not 0/1 integers), and false is written, read back and written back to true.
 */
const t = useTestApp();

async function admin() {
  const { app, database } = t();
  const user = await buildUser(database.db, { roles: ['admin'] });
  return { app, db: database.db, h: await loginAs(app, user.username, user.password) };
}

const ACTIVITY_SWITCHES = [
  'show',
  'enabled',
  'reviewRequired',
  'promotionZone',
  'avatarReferenceImage',
  'refundEnabled',
  'volunteerEnabled',
  'audienceEnabled',
  'fileDownloadEnabled',
  'awardPicture',
];

describe('boolean fields of the admin resources save both ways (issue 34)', () => {
  it('every boolean field of every served resource is a boolean column', async () => {
    await admin();
    const checked: string[] = [];
    for (const { def, table } of servedTables.values()) {
      const cols = table as unknown as Record<string, PgColumn>;
      for (const f of def.fields.filter((x) => x.kind === 'boolean')) {
        expect(cols[f.name]?.dataType, `${def.name}.${f.name}`).toBe('boolean');
        expect(
          getTableConfig(table)
            .columns.find((c) => c.name === cols[f.name]!.name)
            ?.getSQLType(),
          `${def.name}.${f.name}`,
        ).toBe('boolean');
        checked.push(`${def.name}.${f.name}`);
      }
    }
    expect(checked).toEqual(expect.arrayContaining(['tickets.enabled', 'activities.refundEnabled', 'sessions.requireIdCard', 'bankAccounts.enabled']));
  });

  it("an activity's ten switches: each saved off, read back off, saved on again", async () => {
    const { app, h } = await admin();
    const a = await buildActivity(t().database.db);
    const url = `/api/admin/activities/${a.id}`;
    for (const value of [false, true, false]) {
      const body = Object.fromEntries(ACTIVITY_SWITCHES.map((n) => [n, value]));
      const put = await app.inject({ method: 'PUT', url, headers: h, payload: body });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json().data).toMatchObject(body);
      const read = await app.inject({ method: 'GET', url, headers: h });
      expect(read.json().data).toMatchObject(body);
    }
  });

  it('a new bank account created off stays off; the bulk change turns it on and off', async () => {
    const { app, h } = await admin();
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/bankAccounts',
      headers: h,
      payload: { accountName: 'IYRC', bankNameZh: '中国银行', accountNo: '6217000011112222', enabled: false },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;
    expect(created.json().data.enabled).toBe(false);
    for (const enabled of [true, false]) {
      const bulk = await app.inject({ method: 'PUT', url: '/api/admin/bankAccounts/bulk', headers: h, payload: { ids: [id], patch: { enabled } } });
      expect(bulk.statusCode, bulk.body).toBe(200);
      expect((await app.inject({ method: 'GET', url: `/api/admin/bankAccounts/${id}`, headers: h })).json().data.enabled).toBe(enabled);
    }
  });

  it('"false" as a string is refused in the person\'s language, never read as true', async () => {
    const { app, h } = await admin();
    const a = await buildActivity(t().database.db, { refundEnabled: true });
    for (const [lang, word] of [
      ['zh-CN', /[\u4e00-\u9fff]/],
      ['en', /[a-z]/i],
    ] as const) {
      const res = await app.inject({
        method: 'PUT',
        url: `/api/admin/activities/${a.id}`,
        headers: { ...h, 'accept-language': lang },
        payload: { refundEnabled: 'false' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().resultStr).toMatch(word);
    }
    expect((await app.inject({ method: 'GET', url: `/api/admin/activities/${a.id}`, headers: h })).json().data.refundEnabled).toBe(true);
  });
});
