import { PassThrough } from 'node:stream';
import type ExcelJS from 'exceljs';
import { loadArchiver, loadExcel } from '../../lib/lazy-libs';
import { desc, eq, getTableColumns, inArray, or } from 'drizzle-orm';
import { RIGHTS_SHEETS, type Lang } from '@rp/shared';
import type { AppDeps } from '../../deps';
import {
  certificates,
  consultMessages,
  feedback,
  guardianConsents,
  invoices,
  leaders,
  loginLog,
  messages,
  orderItems,
  orders,
  orgAddresses,
  policyAcceptances,
  privacyRequests,
  refunds,
  teamMembers,
  teams,
  userOauth,
  users,
  visitors,
  volunteers,
  withdrawals,
} from '../../db/schema/index';

type Row = Record<string, unknown>;
export type Archive = Record<keyof (typeof RIGHTS_SHEETS)['zh']['sheets'], Row[]>;

/** Keys that hold secrets or our own plumbing, never a person's data: left out of the archive. */
const HIDDEN = new Set(['passwordHash', 'cardEnc', 'cardHash', 'tokenHash', 'payeeAccountEnc', 'requestHash']);
const plain = (r: Row): Row => Object.fromEntries(Object.entries(r).filter(([k]) => !HIDDEN.has(k)));

/**
 * Everything held about an account and its people (PIPL art. 45): the account, its players with their whole ID
 * numbers, teams, teachers, volunteering, visitors, orders with their lines, refunds, invoices, certificates,
 * guardian consents, policy acceptances, requests, messages, consultation, feedback and sign-ins. Only rows the
 * account owns or that name its players; nothing of anyone else's.
 */
export async function collectArchive(deps: Pick<AppDeps, 'database' | 'pii'>, userId: number): Promise<Archive> {
  const { db } = deps.database;
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  const players = await db.select().from(teamMembers).where(eq(teamMembers.userId, userId)).orderBy(teamMembers.id);
  const playerIds = players.map((p) => p.id);
  const ids = playerIds.length ? playerIds : [0];
  const ownOrders = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(orders.id);
  const orderIds = ownOrders.length ? ownOrders.map((o) => o.id) : [0];
  const { userId: _u, ...oauthCols } = getTableColumns(userOauth);
  void _u;
  return {
    account: u
      ? [
          plain({
            id: u.id,
            username: u.username,
            phone: u.phone,
            nickName: u.nickName,
            lang: u.lang,
            avatar: u.avatar,
            createdAt: u.createdAt,
            lastLoginAt: u.lastLoginAt,
          }),
        ]
      : [],
    players: players.map((p) => plain({ ...p, card: p.cardEnc ? deps.pii.tryDecrypt(p.cardEnc) : '' })),
    teams: (await db.select().from(teams).where(eq(teams.userId, userId))).map(plain),
    teachers: (await db.select().from(leaders).where(eq(leaders.userId, userId))).map(plain),
    guardianConsents: (await db.select().from(guardianConsents).where(inArray(guardianConsents.teamMemberId, ids))).map(plain),
    withdrawals: (
      await db
        .select()
        .from(withdrawals)
        .where(or(eq(withdrawals.userId, userId), inArray(withdrawals.memberId, ids)))
    ).map(plain),
    volunteering: (await db.select().from(volunteers).where(eq(volunteers.userId, userId))).map(plain),
    visitors: (await db.select().from(visitors).where(eq(visitors.userId, userId))).map((v) =>
      plain({ ...v, card: v.cardEnc ? deps.pii.tryDecrypt(v.cardEnc) : '' }),
    ),
    orders: ownOrders.map(plain),
    orderLines: (await db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds))).map(plain),
    refunds: (await db.select().from(refunds).where(inArray(refunds.orderId, orderIds))).map((r) => plain({ ...r, payeeAccount: r.payeeAccountMasked })),
    invoices: (await db.select().from(invoices).where(inArray(invoices.orderId, orderIds))).map(plain),
    certificates: (await db.select().from(certificates).where(inArray(certificates.memberId, ids))).map(plain),
    policyAcceptances: (await db.select().from(policyAcceptances).where(eq(policyAcceptances.userId, userId))).map(plain),
    requests: (await db.select().from(privacyRequests).where(eq(privacyRequests.userId, userId))).map(plain),
    messages: (await db.select().from(messages).where(eq(messages.receiverId, userId)).orderBy(desc(messages.id))).map(plain),
    consultation: (await db.select().from(consultMessages).where(eq(consultMessages.userId, userId))).map(plain),
    feedback: (await db.select().from(feedback).where(eq(feedback.userId, userId))).map(plain),
    addresses: (await db.select().from(orgAddresses).where(eq(orgAddresses.userId, userId))).map(plain),
    wechat: (await db.select(oauthCols).from(userOauth).where(eq(userOauth.userId, userId))).map(plain),
    signIns: (await db.select().from(loginLog).where(eq(loginLog.userId, userId)).orderBy(desc(loginLog.id)).limit(500)).map(plain),
  };
}

const cell = (v: unknown): ExcelJS.CellValue => {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v;
  if (typeof v === 'object') return JSON.stringify(v);
  return v as ExcelJS.CellValue;
};

/** The archive as one workbook in the reader's language: a sheet per kind of data, the columns named. */
export async function archiveWorkbook(archive: Archive, lang: Lang): Promise<Buffer> {
  const t = RIGHTS_SHEETS[lang];
  const wb = new (await loadExcel()).Workbook();
  for (const [name, rows] of Object.entries(archive) as [keyof Archive, Row[]][]) {
    const ws = wb.addWorksheet(t.sheets[name].slice(0, 31));
    const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
    if (!keys.length) {
      ws.addRow([t.none]);
      continue;
    }
    ws.addRow(keys.map((k) => (t.columns as Record<string, string>)[k] ?? k)).font = { bold: true };
    for (const r of rows) ws.addRow(keys.map((k) => cell(r[k])));
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** One zip: data.json (every row as stored, for machines) and a workbook in the reader's language (for people). */
export async function archiveZip(archive: Archive, lang: Lang): Promise<PassThrough> {
  const xlsx = await archiveWorkbook(archive, lang);
  const out = new PassThrough();
  const zip = (await loadArchiver())('zip', { zlib: { level: 6 } });
  zip.on('error', (e) => out.destroy(e));
  zip.pipe(out);
  zip.append(JSON.stringify(archive, null, 2), { name: 'data.json' });
  zip.append(xlsx, { name: `${RIGHTS_SHEETS[lang].fileName}.xlsx` });
  void zip.finalize();
  return out;
}
