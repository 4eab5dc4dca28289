import { loadExcel } from '../../lib/lazy-libs';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  checkPhone,
  checkPlayerForProgram,
  isMainlandPhone,
  maskCard,
  phoneProblemMessage,
  registrationBlock,
  translate,
  type Lang,
  type MessageKey,
} from '@rp/shared';
import type { AppDeps } from '../../deps';
import { programs, teamMembers, teams } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { cellText, isFormula, readFirstSheet } from '../../lib/spreadsheet';
import { pick } from '../content/index';
import { loadActivity, reserveActivityPlaces, reserveTeamPlaces } from './common';
import { countConsentPhone, insertConsentRequests, needsConsent, type ConsentLink } from './consent.service';
import { duplicateAsConflict, readCard } from './members.service';

export const IMPORT_MAX_ROWS = 10_000;
/** columns of the players' sheet looked at (the header is searched for ours among them) */
export const IMPORT_MAX_COLUMNS = 64;
export const CODE_SHEET_MAX_ROWS = 10_000;

/** Columns of the players spreadsheet; headers are recognised in either language. */
export const COLUMNS = [
  { key: 'name', zh: '姓名', en: 'Name', required: true },
  { key: 'cardType', zh: '证件类型', en: 'ID type', required: false },
  { key: 'card', zh: '证件号码', en: 'ID number', required: true },
  { key: 'birth', zh: '出生日期', en: 'Birth date', required: false },
  { key: 'gender', zh: '性别', en: 'Gender', required: false },
  { key: 'team', zh: '队伍名称', en: 'Team', required: false },
  { key: 'program', zh: '赛项', en: 'Program', required: false },
  { key: 'emerName', zh: '紧急联系人', en: 'Emergency contact', required: false },
  { key: 'region', zh: '国家/地区区号', en: 'Country code', required: false },
  { key: 'emerPhone', zh: '紧急联系电话', en: 'Emergency phone', required: false },
  { key: 'school', zh: '学校', en: 'School', required: false },
  // issue 37: a player under 14's guardian, who receives the consent link by SMS after the import
  { key: 'guardianName', zh: '监护人姓名', en: 'Guardian name', required: false },
  { key: 'guardianPhone', zh: '监护人手机号', en: 'Guardian mobile', required: false },
] as const;
/** columns only the import reads: the export shows players, not the guardians asked */
const IMPORT_ONLY: readonly Key[] = ['cardType', 'guardianName', 'guardianPhone'];
type Key = (typeof COLUMNS)[number]['key'];

export interface RowError {
  row: number;
  column: string;
  message: string;
}
export interface PreviewRow {
  row: number;
  name: string;
  cardMasked: string;
  team: string;
  program: string;
  ok: boolean;
}

const norm = (v: string) => v.normalize('NFKC').trim();
const header = (lang: Lang, key: Key) => COLUMNS.find((c) => c.key === key)![lang];

/** The template in the reader's language: headers, one example row, and the activity's programs. */
export async function importTemplate(deps: Pick<AppDeps, 'database'>, activityId: number, lang: Lang): Promise<Buffer> {
  const { db } = deps.database;
  await loadActivity(db, activityId);
  const progs = await db.select().from(programs).where(eq(programs.activityId, activityId)).orderBy(programs.sort);
  const wb = new (await loadExcel()).Workbook();
  const ws = wb.addWorksheet(lang === 'en' ? 'Players' : '选手');
  ws.columns = COLUMNS.map((c) => ({ header: c[lang], key: c.key, width: 18 }));
  ws.getRow(1).font = { bold: true };
  ws.addRow({
    name: lang === 'en' ? 'Li Ming' : '李明',
    cardType: lang === 'en' ? 'ID card' : '身份证',
    card: '110105201203151233',
    birth: '',
    gender: '',
    team: lang === 'en' ? 'Falcons' : '雄鹰队',
    program: progs[0] ? pick(lang, progs[0].nameZh, progs[0].nameEn) : '',
    emerName: lang === 'en' ? 'Li Hua' : '李华',
    region: '86',
    emerPhone: '13800138000',
    school: '',
    guardianName: lang === 'en' ? 'Li Hua' : '李华',
    guardianPhone: '13800138000',
  });
  const p = wb.addWorksheet(lang === 'en' ? 'Programs' : '赛项');
  p.columns = [
    { header: header(lang, 'program'), key: 'n', width: 30 },
    { header: lang === 'en' ? 'Team size' : '队伍人数', key: 'm', width: 12 },
  ];
  for (const x of progs) p.addRow({ n: pick(lang, x.nameZh, x.nameEn), m: x.maxMembers });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

interface Parsed {
  rowNo: number;
  values: Partial<Record<Key, string>>;
  cellErrors: RowError[];
}

/**
 * Reads the first sheet of an .xlsx or .xls (lib/spreadsheet.ts: row and unpacked-size caps while
 * streaming, a few sheets at a time per process); refuses merged cells, an incomplete header.
 */
export async function readSheet(data: Buffer, lang: Lang): Promise<Parsed[]> {
  const sheet = await readFirstSheet(data, { maxRows: IMPORT_MAX_ROWS, maxColumns: IMPORT_MAX_COLUMNS });
  if (!sheet.rows.length) throw new AppError('IMPORT_EMPTY');
  if (sheet.merged) throw new AppError('IMPORT_MERGED');

  const head = sheet.rows[0]!.row === 1 ? sheet.rows[0]!.cells : [];
  const colOf = new Map<Key, number>();
  for (const [i, cell] of head.entries()) {
    const text = norm(cellText(cell)).toLowerCase();
    const c = COLUMNS.find((x) => x.zh.toLowerCase() === text || x.en.toLowerCase() === text);
    if (c) colOf.set(c.key, i + 1);
  }
  for (let i = 0; i < head.length; i++) {
    if (!norm(cellText(head[i]))) throw new AppError('IMPORT_HEADER_EMPTY');
  }
  const missing = COLUMNS.filter((c) => c.required && !colOf.has(c.key)).map((c) => c[lang]);
  if (missing.length) throw new AppError('IMPORT_MISSING_COLUMNS', { params: { columns: missing.join(lang === 'en' ? ', ' : '、') } });

  const out: Parsed[] = [];
  for (const { row: rowNo, cells } of sheet.rows) {
    if (rowNo === 1) continue;
    const values: Partial<Record<Key, string>> = {};
    const cellErrors: RowError[] = [];
    for (const [key, col] of colOf) {
      const cell = cells[col - 1];
      if (isFormula(cell)) {
        cellErrors.push({ row: rowNo, column: header(lang, key), message: translate(lang, 'import.formula') });
        continue;
      }
      if (cell instanceof Date)
        values[key] = `${cell.getUTCFullYear()}${String(cell.getUTCMonth() + 1).padStart(2, '0')}${String(cell.getUTCDate()).padStart(2, '0')}`;
      else if (cell !== undefined) values[key] = norm(cell);
    }
    if (Object.values(values).some((x) => x) || cellErrors.length) out.push({ rowNo, values, cellErrors });
  }
  if (!out.length) throw new AppError('IMPORT_EMPTY');
  return out;
}

/**
 * Validates every row with the same rules as the player form, then (commit) writes the valid rows in
 * one transaction; with `atomic`, any error means nothing is written. Teams named in the sheet that do
 * not exist yet are created when the row names a program. A player who needs a guardian's consent (issue 37)
 * and whose row names a guardian mobile gets a pending consent in the same transaction; the links come back
 * in `links`, for the caller to send in a throttled batch after the answer (sendConsentLinksThrottled).
 */
export async function importPlayers(
  deps: Pick<AppDeps, 'database' | 'pii' | 'config' | 'store'>,
  userId: number,
  activityId: number,
  parsed: Parsed[],
  opts: { lang: Lang; commit: boolean; atomic: boolean },
) {
  const { db } = deps.database;
  const { lang } = opts;
  const activity = await loadActivity(db, activityId);
  // a preview is only reading; writing needs sign-up to be open
  const block = opts.commit ? registrationBlock(activity) : null;
  if (block) throw new AppError('REGISTRATION_CLOSED', block);
  const progs = await db.select().from(programs).where(eq(programs.activityId, activityId));
  const progByName = new Map<string, (typeof progs)[number]>();
  for (const p of progs) for (const n of [p.nameZh, p.nameEn]) if (n) progByName.set(norm(n).toLowerCase(), p);
  const myTeams = await db
    .select()
    .from(teams)
    .where(and(eq(teams.userId, userId), eq(teams.activityId, activityId)));
  const teamByName = new Map(myTeams.map((t) => [norm(t.name).toLowerCase(), t]));
  const counts = new Map<number, number>();
  if (myTeams.length) {
    for (const m of await db
      .select({ teamId: teamMembers.teamId })
      .from(teamMembers)
      .where(
        inArray(
          teamMembers.teamId,
          myTeams.map((t) => t.id),
        ),
      )) {
      if (m.teamId) counts.set(m.teamId, (counts.get(m.teamId) ?? 0) + 1);
    }
  }
  const newTeams = new Map<string, { program: (typeof progs)[number]; count: number }>();

  const errors: RowError[] = [];
  const preview: PreviewRow[] = [];
  const good: {
    rowNo: number;
    values: typeof teamMembers.$inferInsert;
    teamName: string | null;
    guardian: { name: string; phone: string } | null;
  }[] = [];
  const seen = new Map<string, number>();
  const err = (row: number, key: Key, msg: MessageKey, params?: Record<string, string | number>) =>
    errors.push({ row, column: header(lang, key), message: translate(lang, msg, params) });

  const hashes: string[] = [];
  for (const r of parsed) {
    const v = r.values;
    const before = errors.length;
    errors.push(...r.cellErrors);
    const name = (v.name ?? '').replace(/\s+/g, ' ').trim();
    if (!name) err(r.rowNo, 'name', 'validation.required');
    else if (name.length > 50) err(r.rowNo, 'name', 'validation.tooLong');
    const ct = (v.cardType ?? '').toLowerCase();
    const cardType = ['', '0', '身份证', 'id card', 'idcard'].includes(ct) ? 0 : ['1', '护照', 'passport'].includes(ct) ? 1 : -1;
    if (cardType === -1) err(r.rowNo, 'cardType', 'import.unknownCardType');
    const gender = v.gender ? (/^(女|f|female)$/i.test(v.gender) ? 'F' : /^(男|m|male)$/i.test(v.gender) ? 'M' : null) : null;
    let card = { card: '', birth: null as number | null, gender: null as 'M' | 'F' | null };
    try {
      if (cardType !== -1)
        card = readCard({
          activityId,
          name,
          cardType: cardType as 0 | 1,
          card: (v.card ?? '').replace(/\s/g, ''),
          birth: v.birth || null,
          gender,
          emerName: '',
          emerPhone: '',
          region: '86',
          school: '',
        });
    } catch (e) {
      if (e instanceof AppError) err(r.rowNo, e.i18nKey === 'reg.birthRequired' ? 'birth' : 'card', e.i18nKey);
      else throw e;
    }
    let program = v.program ? progByName.get(v.program.toLowerCase()) : undefined;
    if (v.program && !program) err(r.rowNo, 'program', 'import.unknownProgram');
    const teamName = v.team ? v.team.replace(/\s+/g, ' ').trim() : null;
    let teamId: number | null = null;
    if (teamName) {
      const existing = teamByName.get(teamName.toLowerCase());
      if (existing) {
        if (program && program.id !== existing.programId) err(r.rowNo, 'program', 'reg.programMismatch');
        program = progs.find((p) => p.id === existing.programId);
        teamId = existing.id;
        const n = (counts.get(existing.id) ?? 0) + 1;
        if (errors.length === before) counts.set(existing.id, n);
        if (n > program!.maxMembers) err(r.rowNo, 'team', 'reg.teamFull');
      } else if (!program) err(r.rowNo, 'team', 'import.unknownTeam');
      else {
        const nt = newTeams.get(teamName.toLowerCase()) ?? { program, count: 0 };
        if (nt.program.id !== program.id) err(r.rowNo, 'program', 'reg.programMismatch');
        nt.count++;
        if (nt.count > program.maxMembers) err(r.rowNo, 'team', 'reg.teamFull');
        newTeams.set(teamName.toLowerCase(), nt);
      }
    }
    if (program && card.card) {
      const problems = checkPlayerForProgram({ birth: card.birth, gender: card.gender }, program, activity.beginTime);
      for (const p of problems) err(r.rowNo, p === 'reg.genderMismatch' ? 'gender' : 'birth', p);
    }
    // the emergency phone by its country code (empty code: 86, spec 9), the same rule as the form
    const region = (v.region ?? '').replace(/^\+/, '').trim() || '86';
    const phoneProblem = !/^\d{1,4}$/.test(region) ? ({ kind: 'unknownCode', code: region } as const) : v.emerPhone ? checkPhone(region, v.emerPhone) : null;
    if (phoneProblem) {
      const m = phoneProblemMessage(phoneProblem);
      err(r.rowNo, m.field, m.key, m.params);
    }
    // the guardian's mobile receives the consent link: a mainland mobile, or the row is refused (issue 37)
    const guardianPhone = (v.guardianPhone ?? '').replace(/[\s-]/g, '');
    const guardianName = (v.guardianName ?? '').replace(/\s+/g, ' ').trim();
    if (guardianPhone && !isMainlandPhone(guardianPhone)) err(r.rowNo, 'guardianPhone', 'validation.phone');
    if (guardianName.length > 50) err(r.rowNo, 'guardianName', 'validation.tooLong');
    let hash = '';
    if (card.card) {
      hash = deps.pii.index(card.card);
      const first = seen.get(hash);
      if (first) err(r.rowNo, 'card', 'import.duplicateInFile', { row: first });
      else seen.set(hash, r.rowNo);
      hashes.push(hash);
    }
    const ok = errors.length === before;
    preview.push({
      row: r.rowNo,
      name,
      cardMasked: card.card ? maskCard(card.card) : '',
      team: teamName ?? '',
      program: program ? pick(lang, program.nameZh, program.nameEn) : '',
      ok,
    });
    if (ok)
      good.push({
        rowNo: r.rowNo,
        teamName,
        guardian: guardianPhone ? { name: guardianName, phone: guardianPhone } : null,
        values: {
          activityId,
          userId,
          teamId,
          programId: program?.id ?? null,
          name,
          cardType: cardType as number,
          cardEnc: deps.pii.encrypt(card.card),
          cardHash: hash,
          cardMasked: maskCard(card.card),
          birth: card.birth,
          gender: card.gender,
          emerName: (v.emerName ?? '').slice(0, 50),
          emerPhone: v.emerPhone ?? '',
          region,
          school: (v.school ?? '').slice(0, 100),
          collectStatus: 1,
        },
      });
  }
  // already registered in this activity (one query for all rows)
  if (hashes.length) {
    const taken = new Set<string>();
    for (let i = 0; i < hashes.length; i += 1000) {
      for (const x of await db
        .select({ h: teamMembers.cardHash })
        .from(teamMembers)
        .where(and(eq(teamMembers.activityId, activityId), inArray(teamMembers.cardHash, hashes.slice(i, i + 1000)))))
        taken.add(x.h);
    }
    for (const g of [...good]) {
      if (taken.has(g.values.cardHash)) {
        err(g.rowNo, 'card', 'reg.duplicatePlayer');
        good.splice(good.indexOf(g), 1);
        const p = preview.find((x) => x.row === g.rowNo);
        if (p) p.ok = false;
      }
    }
  }
  errors.sort((a, b) => a.row - b.row);
  // the rows whose guardian is sent a consent link: under 14 (or of unknown age) where the activity asks
  const asking = good.filter((g) => g.guardian && needsConsent({ birth: g.values.birth ?? null }, activity));
  const summary = { total: parsed.length, valid: good.length, errors, rows: preview, consentLinks: asking.length };
  const none = { written: 0, links: [] as ConsentLink[] };
  if (!opts.commit) return { ...summary, ...none, blocked: false };
  if (opts.atomic && errors.length) return { ...summary, ...none, blocked: true };
  if (!good.length) return { ...summary, ...none, blocked: false };
  // each guardian's phone counted before the transaction (the shared store may be this database); past the
  // day's ceiling that player is written without a link: the coach asks again from the form later
  const counted = new Set<(typeof good)[number]>();
  for (const g of asking) {
    try {
      await countConsentPhone(deps, g.guardian!.phone);
      counted.add(g);
    } catch (e) {
      if (!(e instanceof AppError) || e.code !== 'RATE_LIMITED') throw e;
    }
  }

  const links = await db
    .transaction(async (tx) => {
      // Limits under concurrency (common.ts lock order): the activity's places, then (below) existing teams' room.
      await reserveActivityPlaces(tx, activityId, good.length);
      // New teams in one insert, numbered after the activity's last number (same lock as single creation).
      const toCreate = new Map<string, { name: string; programId: number }>();
      for (const g of good)
        if (!g.values.teamId && g.teamName && !toCreate.has(g.teamName.toLowerCase()))
          toCreate.set(g.teamName.toLowerCase(), { name: g.teamName, programId: g.values.programId! });
      const created = new Map<string, number>();
      if (toCreate.size) {
        await tx.execute(sql`select pg_advisory_xact_lock(7410002, ${activityId})`);
        const numbers = new Set((await tx.select({ n: teams.number }).from(teams).where(eq(teams.activityId, activityId))).map((x) => x.n));
        let n = numbers.size;
        const rows = [...toCreate.entries()].map(([key, v]) => {
          let number: string;
          do number = `${activityId}-${String(++n).padStart(4, '0')}`;
          while (numbers.has(number));
          return { key, values: { activityId, userId, name: v.name, programId: v.programId, number, status: 1, collectStatus: 1 } };
        });
        for (let i = 0; i < rows.length; i += 500) {
          const chunk = rows.slice(i, i + 500);
          const ins = await tx
            .insert(teams)
            .values(chunk.map((r) => r.values))
            .returning({ id: teams.id, number: teams.number });
          const byNumber = new Map(ins.map((x) => [x.number, x.id]));
          for (const r of chunk) created.set(r.key, byNumber.get(r.values.number)!);
        }
        await audit(tx, { userId, resource: 'teams', recordId: null, action: 'import', after: { activityId, created: rows.length } });
      }
      const joining = new Map<number, number>();
      for (const g of good) if (g.values.teamId) joining.set(g.values.teamId, (joining.get(g.values.teamId) ?? 0) + 1);
      await reserveTeamPlaces(tx, joining);
      for (const g of good) if (!g.values.teamId && g.teamName) g.values.teamId = created.get(g.teamName.toLowerCase())!;
      const idByHash = new Map<string, number>();
      for (let i = 0; i < good.length; i += 500) {
        const ins = await tx
          .insert(teamMembers)
          .values(good.slice(i, i + 500).map((g) => g.values))
          .returning({ id: teamMembers.id, hash: teamMembers.cardHash });
        for (const x of ins) idByHash.set(x.hash, x.id);
      }
      const touched = [...new Set(good.map((g) => g.values.teamId).filter((x): x is number => !!x))];
      for (let i = 0; i < touched.length; i += 1000) {
        const ids = touched.slice(i, i + 1000);
        await tx.execute(sql`update teams t set status = case when (select count(*) from team_members m where m.team_id = t.id) >= p.max_members then 2 else 1 end
        from programs p where p.id = t.program_id and t.status in (1, 2) and t.id in (${sql.join(
          ids.map((x) => sql`${x}`),
          sql`, `,
        )})`);
      }
      await audit(tx, { userId, resource: 'teamMembers', recordId: null, action: 'import', after: { activityId, rows: good.length } });
      const requests = asking
        .filter((g) => counted.has(g))
        .map((g) => ({
          member: { id: idByHash.get(g.values.cardHash)!, name: g.values.name },
          guardianName: g.guardian!.name,
          guardianPhone: g.guardian!.phone,
          relationship: '',
        }));
      return insertConsentRequests(tx, deps, userId, activity, requests, lang);
    })
    .catch(duplicateAsConflict); // the losing copy of a duplicate import: 409 DUPLICATE_PLAYER
  return { ...summary, consentLinks: links.length, written: good.length, blocked: false, links };
}

/** The caller's players of an activity as a spreadsheet; ID numbers masked. */
export async function exportPlayers(deps: Pick<AppDeps, 'database'>, userId: number, activityId: number, lang: Lang): Promise<Buffer> {
  const { db } = deps.database;
  const rows = await db
    .select({ m: teamMembers, team: teams.name, pz: programs.nameZh, pe: programs.nameEn })
    .from(teamMembers)
    .leftJoin(teams, eq(teams.id, teamMembers.teamId))
    .leftJoin(programs, eq(programs.id, teamMembers.programId))
    .where(and(eq(teamMembers.userId, userId), eq(teamMembers.activityId, activityId)))
    .orderBy(teamMembers.id);
  const wb = new (await loadExcel()).Workbook();
  const ws = wb.addWorksheet(lang === 'en' ? 'Players' : '选手');
  const status = lang === 'en' ? 'Status' : '状态';
  const code = lang === 'en' ? 'Code' : '兑换码';
  ws.columns = [
    ...COLUMNS.filter((c) => !IMPORT_ONLY.includes(c.key)).map((c) => ({ header: c[lang], key: c.key, width: 18 })),
    { header: status, key: 'status', width: 16 },
    { header: code, key: 'code', width: 18 },
  ];
  ws.getRow(1).font = { bold: true };
  for (const r of rows) {
    ws.addRow({
      name: r.m.name,
      card: r.m.cardMasked,
      birth: r.m.birth ?? '',
      gender: r.m.gender ?? '',
      team: r.team ?? '',
      program: r.pz ? pick(lang, r.pz, r.pe ?? '') : '',
      emerName: r.m.emerName,
      region: r.m.region,
      emerPhone: r.m.emerPhone,
      school: r.m.school,
      status: translate(lang, `payStatus.${r.m.payStatus}` as MessageKey),
      code: r.m.code ?? '',
    });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Batch code import (spec 5): first column, header skipped, values longer than 3 characters, joined by commas. */
export async function parseCodeSheet(data: Buffer): Promise<string> {
  const sheet = await readFirstSheet(data, { maxRows: CODE_SHEET_MAX_ROWS, maxColumns: 1 });
  const out: string[] = [];
  for (const r of sheet.rows) {
    if (r.row === 1) continue;
    const v = norm(cellText(r.cells[0]));
    if (v.length > 3) out.push(v);
  }
  return out.join(',');
}
