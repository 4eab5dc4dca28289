import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { auditLog, departments, messages, teams, users } from '../../db/schema/index';
import { useTestApp } from '../../test/context';
import { buildRegistrationActivity, buildUser, loginAs } from '../../test/factories';

const t = useTestApp();

async function setup() {
  const { app, database } = t();
  const db = database.db;
  const admin = await buildUser(db, { roles: ['admin'] });
  const coach = await buildUser(db);
  const north = await buildRegistrationActivity(db, { nameZh: '北区赛', nameEn: 'North' });
  const south = await buildRegistrationActivity(db, { nameZh: '南区赛', nameEn: 'South' });
  const [tn] = await db
    .insert(teams)
    .values({ activityId: north.activity.id, userId: coach.id, programId: north.sumo.id, name: 'North Owls', number: `${north.activity.id}-0001` })
    .returning();
  const [ts] = await db
    .insert(teams)
    .values({ activityId: south.activity.id, userId: coach.id, programId: south.sumo.id, name: 'South Hawks', number: `${south.activity.id}-0001` })
    .returning();
  const adminH = await loginAs(app, admin.username, admin.password);
  return { app, db, admin, adminH, north, south, tn: tn!, ts: ts! };
}

describe('roles the administrator builds', () => {
  it('refuses a role that grants nothing, unknown permissions, built-in codes and wide permissions in a limited role, in the reader language', async () => {
    const { app, adminH, north } = await setup();
    const post = (payload: object, lang = 'zh') =>
      app.inject({ method: 'POST', url: '/api/admin/roles', headers: { ...adminH, 'accept-language': lang }, payload });
    const empty = await post({ code: 'nobody', nameZh: '空', permissions: [] }, 'en');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors.permissions).toBe('A role must grant at least one permission');
    const unknown = await post({ code: 'odd', nameZh: '怪', permissions: ['teams.fly'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors.permissions).toContain('teams.fly');
    expect((await post({ code: 'admin', nameZh: '管理', permissions: ['teams.view'] })).json().code).toBe('ROLE_BUILT_IN');
    const wide = await post(
      { code: 'regional', nameZh: '区域', permissions: ['teams.view', 'news.edit', 'sms.outbox.read'], activityIds: [north.activity.id] },
      'en',
    );
    expect(wide.statusCode).toBe(400);
    expect(wide.json().fieldErrors.permissions).toBe('These permissions cannot be limited to activities: news.edit, sms.outbox.read');
    const noActivity = await post({ code: 'regional', nameZh: '区域', permissions: ['teams.view'], activityIds: [999999] });
    expect(noActivity.statusCode).toBe(400);
    expect(noActivity.json()).toMatchObject({ code: 'UNKNOWN_REFERENCE', fieldErrors: { activityIds: '引用的记录不存在，请刷新后重新选择' } });
    expect((await post({ code: 'regional', nameZh: '区域', permissions: ['teams.view'], activityIds: [] })).statusCode).toBe(400);
    expect((await post({ code: 'Bad Code', nameZh: '区域', permissions: ['teams.view'] })).statusCode).toBe(400);
    const roles = await app.inject({ method: 'GET', url: '/api/admin/roles', headers: adminH });
    expect(roles.json().content.filter((r: { builtIn: boolean }) => !r.builtIn)).toEqual([]);
  });

  it('a role limited to one activity sees and changes only that activity’s rows; refused rows stay unchanged', async () => {
    const { app, db, adminH, north, tn, ts } = await setup();
    const role = await app.inject({
      method: 'POST',
      url: '/api/admin/roles',
      headers: adminH,
      payload: {
        code: 'north',
        nameZh: '北区组织者',
        nameEn: 'North organiser',
        permissions: ['teams.view', 'teams.edit', 'teams.export'],
        activityIds: [north.activity.id],
      },
    });
    expect(role.statusCode).toBe(200);
    const person = await buildUser(db);
    const grant = await app.inject({ method: 'PUT', url: `/api/admin/users/${person.id}`, headers: adminH, payload: { roles: ['member', 'north'] } });
    expect(grant.statusCode).toBe(200);
    const h = await loginAs(app, person.phone, person.password);

    const me = await app.inject({ method: 'GET', url: '/auth/info', headers: h });
    expect(me.json().user.isStaff).toBe(true);
    expect(me.json().user.permissions).toEqual(expect.arrayContaining(['admin.access', 'teams.view', 'teams.edit']));
    // the session names the built role so screens show its name, never its code (issue 34, item 9)
    expect(me.json().user.roleNames).toEqual({ north: { zh: '北区组织者', en: 'North organiser' } });

    const list = await app.inject({ method: 'GET', url: '/api/admin/teams', headers: h });
    expect(list.statusCode).toBe(200);
    expect(list.json().content.map((r: { id: number }) => r.id)).toEqual([tn.id]);
    // a filter naming the other activity finds nothing rather than leaking it
    const other = await app.inject({ method: 'GET', url: `/api/admin/teams?activityId=${ts.activityId}`, headers: h });
    expect(other.json().totalElements).toBe(0);

    const read = await app.inject({ method: 'GET', url: `/api/admin/teams/${ts.id}`, headers: { ...h, 'accept-language': 'en' } });
    expect(read.statusCode).toBe(403);
    expect(read.json()).toMatchObject({ code: 'OUT_OF_SCOPE', message: 'This activity is outside your data scope' });
    const edit = await app.inject({ method: 'PUT', url: `/api/admin/teams/${ts.id}`, headers: h, payload: { name: 'Renamed' } });
    expect(edit.statusCode).toBe(403);
    const [still] = await db.select().from(teams).where(eq(teams.id, ts.id));
    expect(still!.name).toBe('South Hawks');

    const mine = await app.inject({ method: 'PUT', url: `/api/admin/teams/${tn.id}`, headers: h, payload: { name: 'North Eagles' } });
    expect(mine.statusCode).toBe(200);
    // no delete permission, no other resource
    expect((await app.inject({ method: 'DELETE', url: `/api/admin/teams/${tn.id}`, headers: h })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/admin/players', headers: h })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/admin/news', headers: h })).statusCode).toBe(403);

    // the audit trail shows who changed what, filterable by person, resource and record
    const trail = await app.inject({ method: 'GET', url: `/api/admin/audit?userId=${person.id}&resource=teams&recordId=${tn.id}`, headers: adminH });
    expect(trail.statusCode).toBe(200);
    const [entry] = trail.json().content;
    expect(entry).toMatchObject({ userId: person.id, resource: 'teams', action: 'update' });
    expect(JSON.parse(entry.before).name).toBe('North Owls');
    expect(JSON.parse(entry.after).name).toBe('North Eagles');
    expect((await app.inject({ method: 'GET', url: `/api/admin/audit?userId=${person.id}&resource=news`, headers: adminH })).json().totalElements).toBe(0);

    // login history of the account
    const logins = await app.inject({ method: 'GET', url: `/api/admin/users/${person.id}/logins`, headers: adminH });
    expect(logins.json().totalElements).toBe(1);

    // a role in use cannot be deleted; once taken away it can
    const roleId = role.json().data.id as number;
    expect((await app.inject({ method: 'DELETE', url: `/api/admin/roles/${roleId}`, headers: adminH })).statusCode).toBe(409);
    await app.inject({ method: 'PUT', url: `/api/admin/users/${person.id}`, headers: adminH, payload: { roles: ['member'] } });
    // the session follows at once: no staff access any more
    expect((await app.inject({ method: 'GET', url: '/api/admin/teams', headers: h })).statusCode).toBe(403);
    expect((await app.inject({ method: 'DELETE', url: `/api/admin/roles/${roleId}`, headers: adminH })).statusCode).toBe(200);
  });

  it('a renamed role code moves with the accounts holding it', async () => {
    const { app, db, adminH } = await setup();
    const role = await app.inject({
      method: 'POST',
      url: '/api/admin/roles',
      headers: adminH,
      payload: { code: 'helpers', nameZh: '助手', permissions: ['teams.view'] },
    });
    const person = await buildUser(db, { roles: ['member', 'helpers'] });
    const renamed = await app.inject({
      method: 'PUT',
      url: `/api/admin/roles/${role.json().data.id}`,
      headers: adminH,
      payload: { code: 'assistants', nameZh: '助手', permissions: ['teams.view'] },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.members).toBe(1);
    const [row] = await db.select().from(users).where(eq(users.id, person.id));
    expect(row!.roles).toEqual(['member', 'assistants']);
  });
});

describe('staff accounts', () => {
  it('keeps the last administrator: neither demoted nor disabled; unknown roles and departments are refused', async () => {
    const { app, db, admin, adminH } = await setup();
    const demote = await app.inject({
      method: 'PUT',
      url: `/api/admin/users/${admin.id}`,
      headers: { ...adminH, 'accept-language': 'en' },
      payload: { roles: ['member'] },
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({ code: 'LAST_ADMIN', message: 'The last administrator cannot be removed or disabled' });
    expect((await app.inject({ method: 'PUT', url: `/api/admin/users/${admin.id}`, headers: adminH, payload: { status: 0 } })).statusCode).toBe(409);
    const [still] = await db.select().from(users).where(eq(users.id, admin.id));
    expect(still).toMatchObject({ roles: ['admin'], status: 1 });

    const unknown = await app.inject({ method: 'PUT', url: `/api/admin/users/${admin.id}`, headers: adminH, payload: { roles: ['admin', 'ghost'] } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors.roles).toContain('ghost');
    expect((await app.inject({ method: 'PUT', url: `/api/admin/users/${admin.id}`, headers: adminH, payload: { departmentId: 999999 } })).statusCode).toBe(400);

    // with a second administrator the first may step down; both steps are audited
    const other = await buildUser(db, { roles: ['admin'] });
    const [dept] = await db.insert(departments).values({ nameZh: '赛务部', nameEn: 'Operations' }).returning();
    const ok = await app.inject({
      method: 'PUT',
      url: `/api/admin/users/${admin.id}`,
      headers: adminH,
      payload: { roles: ['editor'], departmentId: dept!.id },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ roles: ['editor'], departmentId: dept!.id });
    const entries = await db.select().from(auditLog).where(eq(auditLog.resource, 'users'));
    expect(entries.length).toBe(1);
    const otherH = await loginAs(app, other.username, other.password);
    const filtered = await app.inject({ method: 'GET', url: `/api/admin/users?departmentId=${dept!.id}`, headers: otherH });
    expect(filtered.json().content.map((u: { id: number }) => u.id)).toEqual([admin.id]);
    // a department with staff in it cannot be deleted
    expect((await app.inject({ method: 'DELETE', url: `/api/admin/departments/${dept!.id}`, headers: otherH })).statusCode).toBe(409);
  });
});

describe('export jobs', () => {
  it('writes the filtered, scoped rows to a workbook in the background; only its starter reads the progress and the file', async () => {
    const { app, db, adminH, north, tn } = await setup();
    await app.inject({
      method: 'POST',
      url: '/api/admin/roles',
      headers: adminH,
      payload: { code: 'northx', nameZh: '北区导出', permissions: ['teams.view', 'teams.export'], activityIds: [north.activity.id] },
    });
    const person = await buildUser(db, { roles: ['member', 'northx'] });
    const h = await loginAs(app, person.phone, person.password);
    const started = await app.inject({ method: 'POST', url: '/api/admin/teams/export-jobs?sort=id,asc', headers: h });
    expect(started.statusCode).toBe(200);
    const { jobId, total } = started.json().data;
    expect(total).toBe(1);
    let status = started.json().data;
    for (let i = 0; i < 100 && !status.ready; i++) {
      await new Promise((r) => setTimeout(r, 50));
      status = (await app.inject({ method: 'GET', url: `/api/admin/export-jobs/${jobId}`, headers: h })).json().data;
    }
    expect(status).toMatchObject({ ready: true, failed: false, done: 1, total: 1 });
    // someone else's job is unknown to the administrator too
    expect((await app.inject({ method: 'GET', url: `/api/admin/export-jobs/${jobId}`, headers: adminH })).statusCode).toBe(404);
    const file = await app.inject({ method: 'GET', url: `/api/admin/export-jobs/${jobId}/file`, headers: h });
    expect(file.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(2);
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    const row = (ws.getRow(2).values as unknown[]).slice(1);
    expect(row[header.indexOf('队伍名称')]).toBe(tn.name);
    // a person without the export permission cannot start one
    const viewer = await buildUser(db, { roles: ['editor'] });
    const vh = await loginAs(app, viewer.username, viewer.password);
    expect((await app.inject({ method: 'POST', url: '/api/admin/teams/export-jobs', headers: vh })).statusCode).toBe(403);
  });
});

describe('bulk actions', () => {
  it('changes the ticked rows in one go, all or nothing and within the scope; messages their owners; exports only them', async () => {
    const { app, db, adminH, north, tn, ts } = await setup();
    await app.inject({
      method: 'POST',
      url: '/api/admin/roles',
      headers: adminH,
      payload: { code: 'northb', nameZh: '北区批量', permissions: ['teams.view', 'teams.edit'], activityIds: [north.activity.id] },
    });
    const person = await buildUser(db, { roles: ['member', 'northb'] });
    const h = await loginAs(app, person.phone, person.password);
    // a row of another activity among the ticked ones: refused, nothing changed
    const mixed = await app.inject({ method: 'PUT', url: '/api/admin/teams/bulk', headers: h, payload: { ids: [tn.id, ts.id], patch: { address: '北京' } } });
    expect(mixed.statusCode, mixed.body).toBe(403);
    expect((await db.select().from(teams)).map((r) => r.address)).toEqual(['', '']);
    const own = await app.inject({ method: 'PUT', url: '/api/admin/teams/bulk', headers: h, payload: { ids: [tn.id], patch: { address: '北京' } } });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.count).toBe(1);
    const [after] = await db.select().from(teams).where(eq(teams.id, tn.id));
    expect(after!.address).toBe('北京');
    expect((await db.select().from(auditLog).where(eq(auditLog.resource, 'teams'))).length).toBe(1);
    // a read-only field or an unknown one is not a bulk patch
    expect(
      (await app.inject({ method: 'PUT', url: '/api/admin/teams/bulk', headers: adminH, payload: { ids: [tn.id], patch: { status: 2 } } })).statusCode,
    ).toBe(400);
    expect(
      (await app.inject({ method: 'PUT', url: '/api/admin/teams/bulk', headers: adminH, payload: { ids: [tn.id, 999999], patch: { address: 'x' } } }))
        .statusCode,
    ).toBe(404);

    // messages need messages.send; each owner hears once
    const msg = { ids: [tn.id, ts.id], titleZh: '通知', titleEn: 'Notice', contentZh: '请补充资料', contentEn: 'Please complete the forms' };
    expect((await app.inject({ method: 'POST', url: '/api/admin/teams/message', headers: h, payload: msg })).statusCode).toBe(403);
    const sent = await app.inject({ method: 'POST', url: '/api/admin/teams/message', headers: adminH, payload: msg });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data.count).toBe(1);
    const inbox = await db.select().from(messages).where(eq(messages.receiverId, tn.userId));
    expect(inbox.filter((m) => m.contentEn === 'Please complete the forms').length).toBe(1);

    // the export of the ticked rows only
    const job = await app.inject({ method: 'POST', url: `/api/admin/teams/export-jobs?ids=${ts.id}`, headers: adminH });
    expect(job.json().data.total).toBe(1);
    expect((await app.inject({ method: 'POST', url: '/api/admin/teams/export-jobs?ids=1,x', headers: adminH })).statusCode).toBe(400);
  });
});
