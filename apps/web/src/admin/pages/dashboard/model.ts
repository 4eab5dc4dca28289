import type { TFunction } from 'i18next';
import { PAY_STATUS, type DashboardStats } from '@rp/shared';
import type { Cell } from './xlsx';

export type ChartKind = 'line' | 'bar' | 'pie';

/**
 * One dashboard chart as a table: the first column names the category (a day, an activity, a state),
 * the others are the series. The same table draws the chart, fills the accessible table and the xlsx.
 */
export interface ChartSpec {
  key: 'byActivity' | 'byProgram' | 'payStatus' | 'codes' | 'money' | 'channels';
  title: string;
  kind: ChartKind;
  columns: string[];
  rows: Cell[][];
  /** one sentence for screen readers (the canvas's aria-label) */
  summary: string;
}

type Lang = 'zh' | 'en';
const nameOf = (x: { nameZh: string; nameEn: string }, lang: Lang) => (lang === 'en' ? x.nameEn || x.nameZh : x.nameZh || x.nameEn);

/** Every day from the first to the last (YYYY-MM-DD, UTC arithmetic), so quiet days show as 0. */
export function daySpan(days: string[]): string[] {
  if (!days.length) return [];
  const sorted = [...days].sort();
  const out: string[] = [];
  const end = Date.parse(`${sorted[sorted.length - 1]}T00:00:00Z`);
  for (let t = Date.parse(`${sorted[0]}T00:00:00Z`); t <= end && out.length < 1000; t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** Rows per day × one column per key, zeros where a day has nothing. */
function perDay(points: { day: string; key: number; n: number }[], keys: number[]): Cell[][] {
  const at = new Map(points.map((p) => [`${p.day}|${p.key}`, p.n]));
  return daySpan(points.map((p) => p.day)).map((d) => [d, ...keys.map((k) => at.get(`${d}|${k}`) ?? 0)]);
}

function daySummary(t: TFunction, rows: Cell[][]): string {
  if (!rows.length) return t('admin:dashboard.charts.empty');
  const totals = rows.map((r) => r.slice(1).reduce<number>((a, v) => a + Number(v), 0));
  const total = totals.reduce((a, b) => a + b, 0);
  const peakAt = totals.indexOf(Math.max(...totals));
  return t('admin:dashboard.charts.summaryDays', { total, days: rows.length, peakDay: rows[peakAt]![0], peak: totals[peakAt] });
}

function partsSummary(t: TFunction, rows: Cell[][]): string {
  if (!rows.length) return t('admin:dashboard.charts.empty');
  return rows
    .slice(0, 8)
    .map((r) => `${r[0]}: ${r.slice(1).join(' / ')}`)
    .join('; ');
}

const yuan = (fen: number) => Math.round(fen) / 100;

/** The charts the data allows (each series is null when the person may not see it). */
export function chartSpecs(data: DashboardStats, t: TFunction, lang: Lang): ChartSpec[] {
  const c = data.charts;
  const acts = new Map(c.activities.map((a) => [a.id, nameOf(a, lang)]));
  const actName = (id: number) => acts.get(id) ?? `#${id}`;
  const specs: ChartSpec[] = [];
  const day = t('admin:dashboard.charts.day');

  /** A line chart of players per day, one column per key (activity or program). */
  const daily = (key: 'byActivity' | 'byProgram', title: string, points: { day: string; key: number; n: number }[], label: (id: number) => string) => {
    const keys = [...new Set(points.map((p) => p.key))].sort((a, b) => a - b);
    const rows = perDay(points, keys);
    specs.push({ key, title, kind: 'line', columns: [day, ...keys.map(label)], rows, summary: daySummary(t, rows) });
  };
  if (c.registrationsByActivity)
    daily(
      'byActivity',
      t('admin:dashboard.charts.byActivity'),
      c.registrationsByActivity.map((p) => ({ day: p.day, key: p.activityId, n: p.n })),
      actName,
    );
  if (c.registrationsByProgram) {
    const progs = new Map(c.programs.map((p) => [p.id, p]));
    // with several activities a program's name alone is ambiguous: "activity · program"
    const several = new Set(c.registrationsByProgram.map((p) => progs.get(p.programId)?.activityId)).size > 1;
    daily(
      'byProgram',
      t('admin:dashboard.charts.byProgram'),
      c.registrationsByProgram.map((p) => ({ day: p.day, key: p.programId, n: p.n })),
      (id) => {
        const p = progs.get(id);
        if (!p) return `#${id}`;
        return several ? `${actName(p.activityId)} · ${nameOf(p, lang)}` : nameOf(p, lang);
      },
    );
  }
  if (data.registrations) {
    const players = data.registrations.players;
    const rows: Cell[][] = Object.values(PAY_STATUS)
      .map((s) => [payStatusLabel(t, s), players[String(s)] ?? 0] as Cell[])
      .filter((r) => Number(r[1]) > 0);
    specs.push({
      key: 'payStatus',
      title: t('admin:dashboard.charts.payStatus'),
      kind: 'pie',
      columns: [t('admin:dashboard.charts.state'), t('admin:dashboard.charts.players')],
      rows,
      summary: partsSummary(t, rows),
    });
  }
  if (c.codes) {
    const rows: Cell[][] = c.codes.map((r) => [actName(r.activityId), r.issued, r.used]);
    specs.push({
      key: 'codes',
      title: t('admin:dashboard.charts.codes'),
      kind: 'bar',
      columns: [t('admin:dashboard.charts.activity'), t('admin:dashboard.charts.issued'), t('admin:dashboard.charts.used')],
      rows,
      summary: partsSummary(t, rows),
    });
  }
  if (c.money) {
    const at = new Map(c.money.map((m) => [m.day, m]));
    const rows: Cell[][] = daySpan(c.money.map((m) => m.day)).map((d) => [d, yuan(at.get(d)?.revenueFen ?? 0), yuan(at.get(d)?.refundFen ?? 0)]);
    const revenue = c.money.reduce((a, m) => a + m.revenueFen, 0);
    const refunds = c.money.reduce((a, m) => a + m.refundFen, 0);
    specs.push({
      key: 'money',
      title: t('admin:dashboard.charts.money'),
      kind: 'bar',
      columns: [day, t('admin:dashboard.charts.revenue'), t('admin:dashboard.charts.refunds')],
      rows,
      summary: rows.length
        ? t('admin:dashboard.charts.summaryMoney', { revenue: yuan(revenue).toFixed(2), refunds: yuan(refunds).toFixed(2), days: rows.length })
        : t('admin:dashboard.charts.empty'),
    });
  }
  if (c.channels) {
    const rows: Cell[][] = c.channels.map((r) => [r.code ?? t('admin:dashboard.charts.noChannel'), r.teams, r.players]);
    specs.push({
      key: 'channels',
      title: t('admin:dashboard.charts.channels'),
      kind: 'pie',
      columns: [t('admin:dashboard.charts.channel'), t('admin:dashboard.charts.teams'), t('admin:dashboard.charts.players')],
      rows,
      summary: partsSummary(t, rows),
    });
  }
  return specs;
}

/** payStatus → its label key (spec 4.1), a table of literal keys. */
const PAY_STATUS_KEYS = [
  'admin:options.payStatus.0',
  'admin:options.payStatus.1',
  'admin:options.payStatus.2',
  'admin:options.payStatus.3',
  'admin:options.payStatus.4',
  'admin:options.payStatus.5',
  'admin:options.payStatus.6',
  'admin:options.payStatus.7',
  'admin:options.payStatus.8',
  'admin:options.payStatus.9',
] as const;

function payStatusLabel(t: TFunction, s: number): string {
  const key = PAY_STATUS_KEYS[s];
  return key ? t(key) : String(s);
}
