import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { TFunction } from 'i18next';
import type { DashboardStats } from '@rp/shared';
import { chartSpecs, daySpan } from './model';
import { xlsxBytes } from './xlsx';

// t() echoes the key and its values, so the tests see which text was asked for
const t = ((key: string, o?: Record<string, unknown>) => (o ? `${key}${JSON.stringify(o)}` : key)) as unknown as TFunction;

const stats: DashboardStats = {
  year: 2026,
  years: [2026],
  activityId: null,
  scope: null,
  content: { activities: 2, programs: 2, galleries: 0, newsPublished: 0, newsDrafts: 0 },
  registrations: {
    teams: 3,
    players: { 0: 1, 1: 0, 2: 0, 3: 5, 4: 0, 5: 0, 6: 0, 7: 1, 8: 0, 9: 0 },
    pendingReviews: 1,
    pendingWithdrawals: 0,
    codes: { available: 1, used: 2, void: 0 },
  },
  members: null,
  charts: {
    activities: [
      { id: 1, nameZh: '甲', nameEn: 'A' },
      { id: 2, nameZh: '乙', nameEn: '' },
    ],
    programs: [
      { id: 10, nameZh: '相扑', nameEn: 'Sumo', activityId: 1 },
      { id: 20, nameZh: '创意', nameEn: 'Creativity', activityId: 2 },
    ],
    registrationsByActivity: [
      { day: '2026-02-27', activityId: 1, n: 2 },
      { day: '2026-03-01', activityId: 1, n: 1 },
      { day: '2026-03-01', activityId: 2, n: 4 },
    ],
    registrationsByProgram: [{ day: '2026-03-01', programId: 20, n: 4 }],
    codes: [{ activityId: 2, issued: 4, used: 3 }],
    money: [{ day: '2026-03-02', revenueFen: 12_345, refundFen: 9_000 }],
    channels: [
      { code: 'CHAN01', teams: 2, players: 7 },
      { code: null, teams: 1, players: 2 },
    ],
  },
};

describe('dashboard chart tables', () => {
  it('fills every day between the first and the last, across a month end', () => {
    expect(daySpan(['2026-03-01', '2026-02-27'])).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(daySpan([])).toEqual([]);
  });

  it('turns the series into tables: a column per activity, zeros on quiet days, yuan, names in the language', () => {
    const specs = chartSpecs(stats, t, 'en');
    expect(specs.map((s) => s.key)).toEqual(['byActivity', 'byProgram', 'payStatus', 'codes', 'money', 'channels']);
    const byActivity = specs[0]!;
    expect(byActivity.columns).toEqual(['admin:dashboard.charts.day', 'A', '乙']); // no English name: the Chinese one
    expect(byActivity.rows).toEqual([
      ['2026-02-27', 2, 0],
      ['2026-02-28', 0, 0],
      ['2026-03-01', 1, 4],
    ]);
    expect(byActivity.summary).toBe('admin:dashboard.charts.summaryDays{"total":7,"days":3,"peakDay":"2026-03-01","peak":5}');
    expect(specs[1]!.columns).toEqual(['admin:dashboard.charts.day', 'Creativity']); // one activity: the program alone
    expect(specs[2]!.rows).toEqual([
      ['admin:options.payStatus.0', 1],
      ['admin:options.payStatus.3', 5],
      ['admin:options.payStatus.7', 1],
    ]);
    expect(specs[3]!.rows).toEqual([['乙', 4, 3]]);
    expect(specs[4]!.rows).toEqual([['2026-03-02', 123.45, 90]]);
    expect(specs[5]!.rows).toEqual([
      ['CHAN01', 2, 7],
      ['admin:dashboard.charts.noChannel', 1, 2],
    ]);
    expect(chartSpecs(stats, t, 'zh')[0]!.columns).toEqual(['admin:dashboard.charts.day', '甲', '乙']);
  });

  it('leaves out the charts a person may not see', () => {
    const editor = {
      ...stats,
      registrations: null,
      charts: { ...stats.charts, registrationsByActivity: null, registrationsByProgram: null, codes: null, money: null, channels: null },
    };
    expect(chartSpecs(editor, t, 'en')).toEqual([]);
  });

  it('writes an xlsx that a spreadsheet reader opens: header, texts, numbers', async () => {
    const bytes = xlsxBytes('Teams by channel: <all>', [
      ['Channel', 'Teams'],
      ['CHAN01 & co', 2],
      ['无渠道', 1.5],
    ]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes.buffer as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('Teams by channel  <all>');
    expect(ws.getSheetValues().slice(1)).toEqual([
      [undefined, 'Channel', 'Teams'],
      [undefined, 'CHAN01 & co', 2],
      [undefined, '无渠道', 1.5],
    ]);
  });
});
