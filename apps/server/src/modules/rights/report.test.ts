import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { auditReportXlsx, type AuditReport } from './report.service';

const report: AuditReport = {
  year: 2026,
  childrenCollected: 12,
  consents: { consented: 9, pending: 2, refused: 1, withdrawn: 0 },
  idViews: 3,
  photoViews: 4,
  idViewsByStaff: [{ staffId: 1, staff: '管理员王', count: 3 }],
  exports: [{ at: '2026-06-01T02:30:00.000Z', staff: '管理员王', subject: 'players', rows: 35, purpose: '保险名单' }],
  anonymisedActivities: 1,
  anonymisedPlayers: 40,
  deletions: 2,
  requests: { received: 5, answeredInTime: 3, late: 1, open: 1 },
};

describe('the yearly audit file (issue 37)', () => {
  it.each([
    ['zh', '选手管理', '查看儿童完整证件号（次）'],
    ['en', 'Players', "Views of a child's full ID number"],
  ] as const)('%s: names what was exported as staff call it (never the resource key), and lists the summary', async (lang, players, idViews) => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await auditReportXlsx(report, lang)) as unknown as ArrayBuffer);
    const values = (i: number) =>
      wb.worksheets[i]!.getSheetValues()
        .filter(Boolean)
        .map((v) => (v as unknown[]).slice(1));
    expect(values(2)[1]).toEqual(['2026-06-01 10:30', '管理员王', players, 35, '保险名单']);
    expect(values(0).find((x) => x[0] === idViews)?.[1]).toBe(3);
  });
});
