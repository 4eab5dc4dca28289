import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { awards, certificates, messages, orgApplications } from './db/schema/index';
import { useTestApp } from './test/context';
import { digestTables } from './test/digest';
import { buildOrg, buildRegistrationActivity, buildUser, idCard, loginAs } from './test/factories';
import { operations, type JsonSchema } from './test/openapi';
import { client } from './modules/registration/limits.helpers';

const t = useTestApp();

/**
 * The member side's ownership table (issue 36, item 5), beside permissions.test.ts for the admin side.
 *
 * Every route a signed-in member may call (auth 'member', outside /api/admin) that names an object by id — a path
 * or query parameter, or a body field at any depth, whose name is an id (`id`, `ids`, `…Id`, `…Ids`, `…IdList`,
 * `orderNo`, `refundNo`, `certCode`, a bare list of ids) — needs a row here: either walked by this file (the
 * owner's object, named by another member: 403/404 and no table changes; by the owner: served), or walked by its
 * module's own ownership test (which must name the route). A member route added later with an id and no row fails
 * the first test, so nobody can forget it. Ids of what everyone may name (an activity, a program, a plan, a
 * volunteer position, a show session, a ticket type, a rules file, an award) need no row.
 */
const PUBLIC_IDS = new Set([
  'activityId',
  'activityNo',
  'sourceActivityId',
  'programId',
  'planId',
  'positionId',
  'sessionId',
  'ticketId',
  'fileId',
  'program.id',
  'plan.id',
]);
const ID_NAME = /^(id|ids)$|Ids?$|IdList$|^(orderNo|refundNo|certCode)$/;

/** The id names a route takes: parameters, then body fields (nested names joined by dots, list items by []). */
function idNames(op: { params: { in: string; name: string }[]; body: JsonSchema | null }): string[] {
  const out = op.params.filter((p) => p.in !== 'header' && ID_NAME.test(p.name)).map((p) => p.name);
  const walk = (s: JsonSchema | undefined, at: string) => {
    if (!s) return;
    for (const alt of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) walk(alt, at);
    if (s.items) {
      if (!at && ['integer', 'string'].includes(String(s.items.type))) out.push('[]');
      walk(s.items, `${at}[]`);
    }
    for (const [k, v] of Object.entries(s.properties ?? {})) {
      const name = at && !at.endsWith('[]') ? `${at}.${k}` : at ? `${at}${k}` : k;
      if (ID_NAME.test(k)) out.push(name.replace(/^\[\]/, ''));
      walk(v, name);
    }
  };
  walk(op.body ?? undefined, '');
  return [...new Set(out)].filter((n) => !PUBLIC_IDS.has(n) && !PUBLIC_IDS.has(n.split(/[.[\]]+/).pop()!));
}

type World = Awaited<ReturnType<typeof world>>;
type Call = ReturnType<typeof client>;
interface Walked {
  /** the call, made once by the other member, then by the owner */
  call: (c: Call, w: World) => Promise<{ statusCode: number; body: string; json(): Record<string, unknown> }>;
  /** what the owner's answer shows: served (200 by default) or a list holding the owner's row */
  owner?: (res: { statusCode: number; body: string; json(): Record<string, unknown> }, w: World) => void;
  /** an id inside a form (a reference to pick): another member may also get 400 naming this field, as for an id that exists nowhere */
  field?: string;
  /** a list filtered by an id: another member's answer is 200 and names nothing of the owner's */
  list?: (res: { statusCode: number; body: string; json(): Record<string, unknown> }, w: World) => void;
}
type Row = { walked: Walked } | { coveredBy: string };

const REG = 'modules/registration/ownership.test.ts';
const PAY = 'modules/payments/ownership.test.ts';
const TIX = 'modules/tickets/ownership.test.ts';
const CONSENT = 'modules/registration/consent.test.ts';
const served = (r: { statusCode: number; body: string }) => expect(r.statusCode, r.body).toBe(200);

/** Every member route with an object id, and who proves its ownership. */
const OWNERSHIP: Record<string, Row> = {
  // registration: teams, players, teachers, codes (modules/registration/ownership.test.ts)
  'DELETE /api/lLeader': { coveredBy: REG },
  'PUT /api/lLeader': { coveredBy: REG },
  'DELETE /api/lTeam/web/delete': { coveredBy: REG },
  'PUT /api/lTeam/web/update': { coveredBy: REG },
  'DELETE /api/lTeamMember/web/delete': { coveredBy: REG },
  'DELETE /api/lTeamMember/web/moveOut': { coveredBy: REG },
  'GET /api/lTeamMember/web/detail': { coveredBy: REG },
  'PUT /api/lTeamMember/web/update': { coveredBy: REG },
  'PUT /api/lTeamMember/web/assignTeam': { coveredBy: REG },
  'PUT /api/lTeamMember/web/batchUpdateProgram': { coveredBy: REG },
  'PUT /api/lTeamMember/web/useCode': { coveredBy: REG },
  'PUT /api/lTeamMember/web/useCodeV2': { coveredBy: REG },
  'GET /api/lRedeemCode/web/pickCode': { coveredBy: REG },
  'GET /api/lRedeemCode/web/checkCode': { coveredBy: REG },
  'POST /api/lRedeemCode/web/redeemCode': { coveredBy: REG },
  'POST /api/lRedeemCode/web/batchRedeem': { coveredBy: REG },
  'POST /api/lTeamMember/sUrl/updateMemberHead': { coveredBy: REG },
  // payments: orders, refunds, invoices, fees (modules/payments/ownership.test.ts)
  'GET /api/lOrder/web/find': { coveredBy: PAY },
  'GET /api/lOrder/wx/notify/find': { coveredBy: PAY },
  'GET /api/lOrder/ali/notify/find': { coveredBy: PAY },
  'GET /api/lOrder/notify/find': { coveredBy: PAY },
  'GET /api/lOrder/web/refundPreview': { coveredBy: PAY },
  'GET /api/lOrder/web/feePreview': { coveredBy: PAY },
  'POST /api/lOrder/web/pay': { coveredBy: PAY },
  'POST /api/lOrder/web/cancel': { coveredBy: PAY },
  'POST /api/lOrder/web/refund': { coveredBy: PAY },
  'POST /api/lOrder/web/refund/cancel': { coveredBy: PAY },
  'POST /api/lOrder/web/createOrder': { coveredBy: PAY },
  'POST /api/lInvoice/web/apply': { coveredBy: PAY },
  'GET /api/lInvoice/web/download/:id': { coveredBy: PAY },
  'POST /api/lTeam/web/pay': { coveredBy: PAY },
  'GET /api/lTeam/web/fees': { coveredBy: PAY },
  // tickets: passes and online slots (modules/tickets/ownership.test.ts)
  'POST /api/lTicket/sUrl/getPassCode': { coveredBy: TIX },
  'POST /api/lOnline/web/reserve': { coveredBy: TIX },
  'POST /api/lOnline/web/cancel': { coveredBy: TIX },
  // guardians' consent for players under 14 (issue 37): another account's declaration or SMS request is 404
  'POST /api/lTeamMember/web/consent/declare': { coveredBy: CONSENT },
  'POST /api/lTeamMember/web/consent/request': { coveredBy: CONSENT },

  // ——— walked here ———
  // registration routes its own table does not name
  'POST /api/lTeam/web/create': {
    walked: {
      call: (c, w) =>
        c.post('/api/lTeam/web/create', { activityId: w.activity.id, name: 'Second team', program: { id: w.sumo.id }, leader: { id: w.leader.id } }),
      field: 'leader',
    },
  },
  'POST /api/lTeamMember/web/create': {
    walked: {
      call: (c, w) =>
        c.post('/api/lTeamMember/web/create', { activityId: w.activity.id, name: '新选手', card: idCard('20120316', false, 7), team: { id: w.team.id } }),
    },
  },
  'POST /api/lTeam/web/batchCreate': {
    walked: {
      call: (c, w) =>
        c.post('/api/lTeam/web/batchCreate', {
          activityId: w.activity.id,
          team: { name: 'Copied', program: { id: w.sumo.id } },
          members: [{ name: '复制', fromMemberId: w.member.id }],
        }),
      // the copy is read: the owner's player is already in this activity under that ID number
      owner: (r) => expect(r.json().code, r.body).toBe('DUPLICATE_PLAYER'),
    },
  },
  'POST /api/lTeam/web/batchCreateTeam': {
    walked: {
      call: (c, w) =>
        c.post('/api/lTeam/web/batchCreateTeam', {
          activityId: w.activity.id,
          teams: [{ name: 'Batch', program: { id: w.sumo.id }, leader: { id: w.leader.id } }],
        }),
      field: 'leader',
    },
  },
  'GET /api/lTeam/web/find': {
    walked: {
      call: (c, w) => c.get(`/api/lTeam/web/find?activityId=${w.activity.id}&id=${w.team.id}`),
      list: (r) => expect(r.json().totalElements).toBe(0),
      owner: (r) => expect(r.json().totalElements).toBe(1),
    },
  },
  'GET /api/lTeamMember/web/list': {
    walked: {
      call: (c, w) => c.get(`/api/lTeamMember/web/list?activityId=${w.activity.id}&teamId=${w.team.id}`),
      list: (r) => expect(r.json().totalElements).toBe(0),
      owner: (r) => expect(r.json().totalElements).toBe(1),
    },
  },
  'POST /api/lTeamMember/web/submit': {
    walked: {
      call: (c, w) => c.post('/api/lTeamMember/web/submit', [{ memberId: w.member.id }]),
      // the owner's player is found; this activity has no review step
      owner: (r) => expect(r.json().code, r.body).toBe('NOT_REVIEW_ACTIVITY'),
    },
  },
  'POST /api/lTeamMember/web/withdraw': {
    walked: {
      call: (c, w) => c.post('/api/lTeamMember/web/withdraw', { type: 2, name: '', teamMember: { id: w.member.id } }),
      // a player not yet paid has nothing to withdraw: the owner passes the ownership check and meets the rule
      owner: (r) => expect([200, 409, 422], r.body).toContain(r.statusCode),
    },
  },
  'POST /api/lTeamMember/web/updateMemberHead': {
    walked: {
      call: (c, w) =>
        c.post('/api/lTeamMember/web/updateMemberHead', { activityId: w.activity.id, memberPhotoVoList: [{ memberId: w.member.id, headImg: '' }] }),
    },
  },
  'POST /api/lTeam/web/batchBindOrg': {
    walked: {
      call: (c, w) => c.post('/api/lTeam/web/batchBindOrg', { activityId: w.activity.id, orgId: w.org.id, orgCode: w.org.code, teamIds: [String(w.team.id)] }),
    },
  },
  'PUT /api/lOrgAddress/web/update': {
    walked: { call: (c, w) => c.put('/api/lOrgAddress/web/update', { id: w.address.id, name: '改名', address: '新地址' }) },
  },
  'DELETE /api/lOrgAddress/web/delete': { walked: { call: (c, w) => c.del('/api/lOrgAddress/web/delete', [w.address.id]) } },
  // awards
  'GET /api/lTeam/team/findTeamCertCode': {
    walked: {
      call: (c, w) => c.get(`/api/lTeam/team/findTeamCertCode?teamId=${w.team.id}`),
      owner: (r, w) => expect(r.body).toContain(w.certCode),
    },
  },
  'GET /api/lLeaderAward/queryCertDetail': {
    walked: {
      call: (c, w) => c.get(`/api/lLeaderAward/queryCertDetail?certCode=${w.certCode}`),
      field: 'certCode',
      owner: (r, w) => expect(r.body).toContain(w.certCode),
    },
  },
  // messages
  'POST /api/lMessage/web/read': { walked: { call: (c, w) => c.post('/api/lMessage/web/read', { id: w.message.id }) } },
  // season: a player's change request
  'POST /api/lTeamMemberAudit/web/add': {
    walked: { call: (c, w) => c.post('/api/lTeamMemberAudit/web/add', { memberId: w.member.id, reason: '改名', content: '名字写错了' }) },
  },
  'GET /api/lTeamMemberAudit/web/list': {
    walked: {
      call: (c, w) => c.get(`/api/lTeamMemberAudit/web/list?memberId=${w.member.id}`),
      list: (r) => expect(r.json().content).toEqual([]),
      owner: (r) => expect(r.json().content).toHaveLength(1),
    },
  },
  // rights: a privacy request about one of the caller's players
  'POST /api/privacy/requests': {
    walked: { call: (c, w) => c.post('/api/privacy/requests', { kind: 'correction', details: 'The birth date is wrong', teamMemberId: w.member.id }) },
  },
  // channels: a rebate withdrawal of a channel the caller applied for (no balance: the owner meets the balance rule)
  'POST /api/lOrgRobotex/web/withdraw': {
    walked: {
      call: (c, w) =>
        c.post('/api/lOrgRobotex/web/withdraw', {
          orgId: w.org.id,
          amountFen: 100,
          method: 'bank',
          accountName: '张三',
          account: '6222000011112222',
          bankName: '工商银行',
        }),
      owner: (r) => expect(r.json().code, r.body).toBe('REBATE_OVER_BALANCE'),
    },
  },
};

/** The owner's objects of every kind the table names, made through the API where a member makes them. */
async function world() {
  const { app, database } = t();
  const db = database.db;
  const { activity, sumo } = await buildRegistrationActivity(db);
  const owner = await buildUser(db);
  const other = await buildUser(db);
  const o = client(app, await loginAs(app, owner.phone, owner.password), 'en');
  const x = client(app, await loginAs(app, other.phone, other.password), 'en');
  const must = async (r: Promise<{ statusCode: number; body: string; json(): { data: unknown } }>) => {
    const res = await r;
    if (res.statusCode !== 200) throw new Error(res.body);
    return res.json().data as { id: number };
  };
  const leader = await must(o.post('/api/lLeader', { activityId: activity.id, name: '李老师', phone: '13900001111' }));
  const team = await must(o.post('/api/lTeam/web/create', { activityId: activity.id, name: 'Owner team', program: { id: sumo.id } }));
  const member = await must(
    o.post('/api/lTeamMember/web/create', { activityId: activity.id, name: '选手', card: idCard('20120315', false, 1), team: { id: team.id } }),
  );
  const loose = await must(
    o.post('/api/lTeamMember/web/create', { activityId: activity.id, name: '选手二', card: idCard('20120315', false, 2), program: { id: sumo.id } }),
  );
  const address = await must(o.post('/api/lOrgAddress/web/create', { name: '少年宫', address: '北京市东城区' }));
  await must(o.post('/api/lTeamMemberAudit/web/add', { memberId: member.id, reason: '改名', content: '名字写错了' }));
  const [message] = await db.insert(messages).values({ receiverId: owner.id, titleZh: '通知', contentZh: '内容' }).returning();
  const org = await buildOrg(db, { status: 1 });
  await db
    .insert(orgApplications)
    .values({ userId: owner.id, orgId: org.id, name: org.name, contactName: '张三', contactPhone: '13900002222', status: 'approved' });
  const [award] = await db.insert(awards).values({ activityId: activity.id, nameZh: '一等奖', nameEn: 'First prize' }).returning();
  // a well-formed code (CERT_CODE_RE), so a refusal is about whose it is, not its shape
  const certCode = Array.from(crypto.randomBytes(16), (b) => '23456789ABCDEFGHJKLMNPQRSTUVWXYZ'[b % 32]).join('');
  await db.insert(certificates).values({ awardId: award!.id, activityId: activity.id, teamId: team.id, name: 'Owner team', certCode });
  return { o, x, activity, sumo, owner, other, leader, team, member, loose, address, message: message!, org, certCode };
}

describe('ownership table: every member route with an object id', () => {
  it('has a row for every member route that names an object by id, and every row is a route', () => {
    const { app } = t();
    const ops = new Map(operations(app).map((op) => [`${op.method} ${op.url}`, op]));
    const member = app.routeTable.filter((r) => r.auth === 'member' && !r.url.startsWith('/api/admin'));
    expect(member.length).toBeGreaterThan(60);
    const withIds = member.filter((r) => {
      const op = ops.get(`${r.method} ${r.url}`);
      return op && idNames(op).length > 0;
    });
    const keys = withIds.map((r) => `${r.method} ${r.url}`);
    // a new member route with an id: add a row (walk it here, or name it in its module's ownership test)
    expect(keys.filter((k) => !OWNERSHIP[k]).map((k) => `${k} (${idNames(ops.get(k)!).join(', ')})`)).toEqual([]);
    expect(Object.keys(OWNERSHIP).filter((k) => !keys.includes(k))).toEqual([]);
    // a row that names another test: that test calls the route
    const sources = new Map<string, string>();
    for (const [key, row] of Object.entries(OWNERSHIP)) {
      if (!('coveredBy' in row)) continue;
      if (!sources.has(row.coveredBy)) sources.set(row.coveredBy, fs.readFileSync(path.join(import.meta.dirname, row.coveredBy), 'utf8'));
      const url = key.split(' ')[1]!.replace(/\/:\w+$/, '/');
      expect(sources.get(row.coveredBy), `${key} in ${row.coveredBy}`).toContain(url);
    }
  });

  const walked = Object.entries(OWNERSHIP).flatMap(([key, row]) => ('walked' in row ? [[key, row.walked] as const] : []));
  it.each(walked)('%s: another member is refused (403/404) and changes nothing; the owner is served', async (key, w) => {
    const { database } = t();
    const at = await world();
    const before = await digestTables(database);
    const asOther = await w.call(at.x, at);
    if (w.list) {
      expect(asOther.statusCode, asOther.body).toBe(200);
      w.list(asOther, at);
    } else if (w.field && asOther.statusCode === 400) {
      // refused as a reference that is not among the caller's own, the answer an id of nothing gets
      expect(Object.keys((asOther.json().fieldErrors as object) ?? {}).join(), `${key} as another member: ${asOther.body}`).toContain(w.field);
    } else expect([403, 404], `${key} as another member: ${asOther.body}`).toContain(asOther.statusCode);
    expect(await digestTables(database), `${key} as another member changed data`).toBe(before);
    const asOwner = await w.call(at.o, at);
    (w.owner ?? served)(asOwner, at);
  });
});
