import { sql } from 'drizzle-orm';
import type { PDFPage } from 'pdf-lib';
import { AUDIT_REPORT_LABELS, auditSummary, CONSENT_AGE, type Lang } from '@rp/shared';
import { resourceLabel } from '@rp/shared/resources/labels';
import type { AppDeps } from '../../deps';
import { embedNotoSans } from '../payments/index';
import { loadExcel, loadPdfLib } from '../../lib/lazy-libs';

/** The yearly compliance audit's figures (issue 37 part 5): each one a count over the year, China time. */
export interface AuditReport {
  year: number;
  childrenCollected: number;
  consents: { consented: number; pending: number; refused: number; withdrawn: number };
  idViews: number;
  photoViews: number;
  idViewsByStaff: { staffId: number | null; staff: string; count: number }[];
  exports: { at: string; staff: string; subject: string; rows: number; purpose: string }[];
  anonymisedActivities: number;
  anonymisedPlayers: number;
  deletions: number;
  requests: { received: number; answeredInTime: number; late: number; open: number };
}

const rows = <T>(r: unknown) => ((r as { rows: T[] }).rows ?? []) as T[];

/**
 * Counts the year's figures straight from the tables (the test compares each with its own SQL): children's
 * records collected (players who were children on the day they were entered, by isChild's rule: under 14, or of unknown age), guardian consents by their current state
 * (the latest row per player, asked that year), full-ID and photo views (and the ID views per staff member),
 * exports of children's data with their purposes, anonymisations and deletions, and requests received, answered
 * by their deadline, late (answered after it or still open past it) and still open.
 */
export async function auditReport(deps: Pick<AppDeps, 'database'>, year: number, now = new Date()): Promise<AuditReport> {
  const { db } = deps.database;
  const from = sql`make_timestamptz(${year}, 1, 1, 0, 0, 0, 'Asia/Shanghai')`;
  const to = sql`make_timestamptz(${year + 1}, 1, 1, 0, 0, 0, 'Asia/Shanghai')`;
  const inYear = (col: string) =>
    sql
      .raw(col)
      .append(sql` >= ${from} and `)
      .append(sql.raw(col))
      .append(sql` < ${to}`);
  const [children] = rows<{ n: number }>(
    await db.execute(sql`select count(*)::int n from team_members m where ${inYear('m.created_at')}
      and (coalesce(m.birth, 0) % 10000 = 0 or m.birth > to_char(m.created_at at time zone 'Asia/Shanghai', 'YYYYMMDD')::int - ${CONSENT_AGE * 10000})`),
  );
  const consentRows = rows<{ status: string; n: number }>(
    await db.execute(sql`select g.status, count(*)::int n from guardian_consents g
      where g.id in (select max(id) from guardian_consents group by team_member_id) and ${inYear('g.requested_at')} group by g.status`),
  );
  const consents = { consented: 0, pending: 0, refused: 0, withdrawn: 0 };
  for (const r of consentRows) if (r.status in consents) consents[r.status as keyof typeof consents] = r.n;
  const access = rows<{ kind: string; n: number }>(
    await db.execute(sql`select kind, count(*)::int n from pii_access_log a where ${inYear('a.created_at')} group by kind`),
  );
  const accessOf = (k: string) => access.find((a) => a.kind === k)?.n ?? 0;
  const byStaff = rows<{ staffId: number | null; staff: string | null; phone: string | null; count: number }>(
    await db.execute(sql`select a.staff_id "staffId", u.nick_name staff, u.phone, count(*)::int count from pii_access_log a
      left join users u on u.id = a.staff_id where a.kind = 'idNumber' and ${inYear('a.created_at')}
      group by a.staff_id, u.nick_name, u.phone order by count desc, a.staff_id`),
  );
  const exports = rows<{ at: Date | string; staff: string | null; subject: string; rows: number; purpose: string }>(
    await db.execute(sql`select a.created_at at, u.nick_name staff, a.subject, a.rows, a.purpose from pii_access_log a
      left join users u on u.id = a.staff_id where a.kind = 'export' and ${inYear('a.created_at')} order by a.created_at, a.id`),
  );
  const [erased] = rows<{ activities: number; players: number; deletions: number }>(
    await db.execute(sql`select count(*) filter (where kind = 'retention')::int activities,
      coalesce(sum(players) filter (where kind = 'retention'), 0)::int players,
      count(*) filter (where kind = 'deletion')::int deletions from erasures e where ${inYear('e.created_at')}`),
  );
  const [req] = rows<{ received: number; intime: number; late: number; open: number }>(
    await db.execute(sql`select count(*)::int received,
      count(*) filter (where answered_at is not null and answered_at <= due_at)::int intime,
      count(*) filter (where (answered_at is not null and answered_at > due_at) or (answered_at is null and due_at < ${now}))::int late,
      count(*) filter (where answered_at is null)::int open
      from privacy_requests r where ${inYear('r.created_at')}`),
  );
  return {
    year,
    childrenCollected: children?.n ?? 0,
    consents,
    idViews: accessOf('idNumber'),
    photoViews: accessOf('photo'),
    idViewsByStaff: byStaff.map((s) => ({ staffId: s.staffId, staff: s.staff || s.phone || '—', count: s.count })),
    exports: exports.map((e) => ({ at: new Date(e.at).toISOString(), staff: e.staff ?? '—', subject: e.subject, rows: e.rows, purpose: e.purpose })),
    anonymisedActivities: erased?.activities ?? 0,
    anonymisedPlayers: erased?.players ?? 0,
    deletions: erased?.deletions ?? 0,
    requests: { received: req?.received ?? 0, answeredInTime: req?.intime ?? 0, late: req?.late ?? 0, open: req?.open ?? 0 },
  };
}

/** what was exported, as staff call it (the resource's label, never its key) */
const subjectLabel = (subject: string, lang: Lang) => resourceLabel(lang, `admin:resources.${subject}`) ?? subject;

const chinaTime = (iso: string | Date) => new Date(new Date(iso).getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

/** The report as a workbook: the summary, the ID views per staff member, the exports with their purposes. */
export async function auditReportXlsx(r: AuditReport, lang: Lang): Promise<Buffer> {
  const L = AUDIT_REPORT_LABELS[lang];
  const wb = new (await loadExcel()).Workbook();
  const s = wb.addWorksheet(L.summary);
  s.addRow([L.title.replace('{{year}}', String(r.year))]).font = { bold: true, size: 14 };
  s.addRow([L.subtitle]);
  s.addRow([]);
  s.addRow([L.section, L.value]).font = { bold: true };
  for (const [k, v] of auditSummary(r)) s.addRow([L[k], v]);
  s.getColumn(1).width = 48;
  const v = wb.addWorksheet(L.byStaff.slice(0, 31));
  v.addRow([L.staff, L.count]).font = { bold: true };
  for (const x of r.idViewsByStaff) v.addRow([x.staff, x.count]);
  const e = wb.addWorksheet(L.exportList.slice(0, 31));
  e.addRow([L.when, L.staff, L.what, L.rows, L.purpose]).font = { bold: true };
  for (const x of r.exports) e.addRow([chinaTime(x.at), x.staff, subjectLabel(x.subject, lang), x.rows, x.purpose]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;

/** The report as an A4 PDF (pdf-lib and the invoice's Noto Sans SC, cut to the characters used). */
export async function auditReportPdf(r: AuditReport, lang: Lang, now = new Date()): Promise<Uint8Array> {
  const L = AUDIT_REPORT_LABELS[lang];
  const title = L.title.replace('{{year}}', String(r.year));
  const { PDFDocument, rgb } = await loadPdfLib();
  const INK = rgb(0.12, 0.14, 0.18);
  const MUTED = rgb(0.42, 0.45, 0.5);
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setCreator('robotics-portal');
  doc.setProducer('robotics-portal');
  const { regular, bold } = await embedNotoSans(doc, JSON.stringify(L) + JSON.stringify(r) + title + '—');
  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;
  const line = (s: string, x: number, opts: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; right?: number } = {}) => {
    const font = opts.bold ? bold : regular;
    const size = opts.size ?? 10;
    const clean = s.replace(/[\u0000-\u001f\u007f]/g, ' ');
    const fitted = clean.length > 60 ? clean.slice(0, 60) + '…' : clean;
    const xx = opts.right !== undefined ? opts.right - font.widthOfTextAtSize(fitted, size) : x;
    page.drawText(fitted, { x: xx, y, size, font, color: opts.color ?? INK });
  };
  const down = (h: number) => {
    y -= h;
    if (y < MARGIN) {
      page = doc.addPage(A4);
      y = A4[1] - MARGIN;
    }
  };
  line(title, MARGIN, { size: 16, bold: true });
  down(20);
  line(L.subtitle, MARGIN, { size: 8, color: MUTED });
  down(14);
  line(`${L.generated}: ${chinaTime(now)}`, MARGIN, { size: 8, color: MUTED });
  down(24);
  line(L.section, MARGIN, { bold: true });
  line(L.value, 0, { bold: true, right: A4[0] - MARGIN });
  down(16);
  for (const [k, v] of auditSummary(r)) {
    line(L[k], MARGIN);
    line(String(v), 0, { right: A4[0] - MARGIN });
    down(15);
  }
  down(12);
  line(L.byStaff, MARGIN, { size: 12, bold: true });
  down(18);
  if (!r.idViewsByStaff.length) {
    line(L.nobody, MARGIN, { color: MUTED });
    down(15);
  }
  for (const x of r.idViewsByStaff) {
    line(x.staff, MARGIN);
    line(String(x.count), 0, { right: A4[0] - MARGIN });
    down(15);
  }
  down(12);
  line(L.exportList, MARGIN, { size: 12, bold: true });
  down(18);
  if (!r.exports.length) {
    line(L.nobody, MARGIN, { color: MUTED });
    down(15);
  }
  for (const x of r.exports) {
    line(`${chinaTime(x.at)}  ${x.staff}  ${subjectLabel(x.subject, lang)}  ${x.rows}`, MARGIN, { size: 9 });
    down(12);
    line(`${L.purpose}: ${x.purpose}`, MARGIN + 12, { size: 9, color: MUTED });
    down(15);
  }
  return doc.save();
}
