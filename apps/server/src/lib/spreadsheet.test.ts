import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { codeRows, sheetBomb, xlsFile, xlsxParts, zip } from '../test/sheets';
import { AppError } from './errors';
import { SHEET_JOBS, SHEET_LIMITS, cellText, isFormula, readFirstSheet, setSheetJobLimits, sheetJobs, type Sheet } from './spreadsheet';

/**
 * CPU milliseconds this process spent since `t0` (process.cpuUsage()): a budget of work done, which other
 * processes on a busy machine do not stretch as they stretch wall time.
 */
const cpuMsSince = (t0: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(t0);
  return (d.user + d.system) / 1000;
};
/** CPU milliseconds of this process' main thread (Linux /proc, in clock ticks of 10 ms): the event loop's thread alone. */
const mainThreadCpuMs = () => {
  const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

const MB = 1024 * 1024;
const defaults = { ...SHEET_JOBS };
afterEach(() => setSheetJobLimits(defaults));

async function refusal(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

/** The rows as plain values: text, yyyy-mm-dd for dates, "=text" for formulas. */
const plain = (s: Sheet) =>
  s.rows.map((r) => [r.row, Array.from(r.cells, (c) => (c === undefined ? null : isFormula(c) ? `=${c.text}` : c instanceof Date ? `D${cellText(c)}` : c))]);

async function excelJsSheet(build: (ws: ExcelJS.Worksheet, wb: ExcelJS.Workbook) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  build(wb.addWorksheet('S'), wb);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('reading spreadsheets', () => {
  it('reads an .xlsx written by Excel-compatible writers: text, numbers, dates, rich text, formulas, gaps', async () => {
    const data = await excelJsSheet((ws, wb) => {
      ws.addRow(['姓名', '证件号码', '出生日期', 'Note']);
      ws.addRow(['李 明', '11010520120315123X', new Date(Date.UTC(2012, 2, 15)), 'a & b <c>']);
      ws.addRow([{ richText: [{ text: 'Rich ' }, { text: 'Text', font: { bold: true } }] }, 13800138000, null, { formula: 'A2&"x"', result: '李 明x' }]);
      ws.addRow([]);
      ws.getCell('F5').value = 'far right';
      ws.getCell('C5').value = 12.5;
      ws.getCell('C5').numFmt = '0.00';
      ws.getCell('B6').value = true;
      ws.getCell('A7').value = new Date(Date.UTC(1999, 11, 31));
      ws.getCell('A7').numFmt = 'yyyy"年"m"月"d"日"';
      wb.addWorksheet('second').addRow(['ignored']);
    });
    const s = await readFirstSheet(data, { maxRows: 10 });
    expect(plain(s)).toEqual([
      [1, ['姓名', '证件号码', '出生日期', 'Note']],
      [2, ['李 明', '11010520120315123X', 'D2012-03-15', 'a & b <c>']],
      [3, ['Rich Text', '13800138000', null, '=李 明x']],
      [5, [null, null, '12.5', null, null, 'far right']],
      [6, [null, 'true']],
      [7, ['D1999-12-31']],
    ]);
    expect(s.merged).toBe(false);
    // only the first columns are kept: row 5 has nothing in A–B
    expect((await readFirstSheet(data, { maxRows: 10, maxColumns: 2 })).rows.map((r) => r.row)).toEqual([1, 2, 3, 6, 7]);
  });

  it('reads an .xlsx and a legacy .xls written by SheetJS to the same rows (shared strings, dates, formulas, merges)', async () => {
    const rows = [
      ['兑换码', 'Birth', 'n'],
      ['ABCD1234', new Date(Date.UTC(2012, 2, 15)), 42],
      ['ÉFGH 5678', null, 3.25],
    ];
    const book = () => {
      const ws = XLSX.utils.aoa_to_sheet(rows, { cellDates: true, UTC: true } as XLSX.AOA2SheetOpts);
      ws['D2'] = { t: 'n', v: 84, f: 'C2*2' };
      ws['!ref'] = 'A1:D3';
      ws['!merges'] = [XLSX.utils.decode_range('A3:B3')];
      const wb = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(wb, ws, 'S');
      return wb;
    };
    const xlsx = XLSX.write(book(), { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    const xls = XLSX.write(book(), { type: 'buffer', bookType: 'biff8' }) as Buffer;
    expect(xls.subarray(0, 4).toString('hex')).toBe('d0cf11e0');
    const a = await readFirstSheet(xlsx, { maxRows: 10 });
    const b = await readFirstSheet(xls, { maxRows: 10 });
    const expected = [
      [1, ['兑换码', 'Birth', 'n']],
      [2, ['ABCD1234', 'D2012-03-15', '42', '=84']],
      [3, ['ÉFGH 5678', null, '3.25']],
    ];
    expect(plain(a)).toEqual(expected);
    // SheetJS's BIFF writer stores a formula's value only (its reader does report FORMULA records)
    expect(plain(b)).toEqual(expected.map(([n, cells]) => [n, (cells as string[]).map((c) => (c === '=84' ? '84' : c))]));
    expect(a.merged && b.merged).toBe(true);
  });

  it('recognises the file by its content, not its name, and refuses what is not a spreadsheet', async () => {
    const docx = await zip([
      { name: '[Content_Types].xml', content: '<Types/>' },
      { name: 'word/document.xml', content: '<w:document/>' },
    ]);
    const good = await zip(xlsxParts(codeRows(2)));
    for (const bad of [
      Buffer.from('name,card\n1,2\n'),
      docx,
      good.subarray(0, good.length - 30),
      Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(600)]),
    ]) {
      const e = await refusal(readFirstSheet(bad, { maxRows: 10 }));
      expect(e.code).toBe('IMPORT_NOT_SPREADSHEET');
    }
    const doctype = await zip(
      xlsxParts('<!DOCTYPE x [<!ENTITY a "aaaa">]><worksheet><sheetData><row r="1"><c t="inlineStr"><is><t>&a;</t></is></c></row></sheetData></worksheet>'),
    );
    expect((await refusal(readFirstSheet(doctype, { maxRows: 10 }))).code).toBe('IMPORT_NOT_SPREADSHEET');
    // a tag that never ends, or 2 MB of attribute name without "=": refused at once, no backtracking
    for (const inner of [`<c r="A1${'x'.repeat(2 * MB)}`, `<c ${'a'.repeat(2 * MB)}>`]) {
      const t0 = process.cpuUsage();
      const e = await refusal(readFirstSheet(await zip(xlsxParts(`<worksheet><sheetData><row r="1">${inner}</row></sheetData></worksheet>`)), { maxRows: 10 }));
      expect(e.code).toBe('IMPORT_NOT_SPREADSHEET');
      expect(cpuMsSince(t0)).toBeLessThan(1000);
    }
  });

  it('reads XML the way any writer may put it: prefixes, single quotes, comments, CDATA, references, phonetic runs', async () => {
    const sheet =
      `<?xml version="1.0"?><!-- made by hand --><x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>` +
      `<x:row r='1'><x:c r='A1' t='inlineStr' foo="a>b"><x:is><x:t>&#x41;&amp;&#66;&lt;</x:t></x:is></x:c><x:c r="C1" t="inlineStr"><x:is><x:t><![CDATA[<raw & text>]]></x:t></x:is></x:c></x:row>` +
      `<x:row><x:c t="s"><x:v>0</x:v></x:c><x:c t="inlineStr"><x:is><x:r><x:t>李</x:t></x:r><x:r><x:t>明</x:t></x:r><x:rPh><x:t>リ</x:t></x:rPh></x:is></x:c><x:c t="b"><x:v>1</x:v></x:c><x:c t="e"><x:v>#N/A</x:v></x:c><x:c><x:v>1.5E+3</x:v></x:c></x:row>` +
      `</x:sheetData></x:worksheet>`;
    const file = await zip(xlsxParts(sheet, { sharedStrings: '<sst><si><t xml:space="preserve"> tab_x0009_bed </t><rPh><t>ignored</t></rPh></si></sst>' }));
    expect(plain(await readFirstSheet(file, { maxRows: 10 }))).toEqual([
      [1, ['A&B<', null, '<raw & text>']],
      [2, [' tab\tbed ', '李明', 'true', '#N/A', '1500']],
    ]);
  });

  it('caps data rows (row 1 is the header) in .xlsx and .xls', async () => {
    const xlsx = await zip(xlsxParts(codeRows(11)));
    expect((await readFirstSheet(xlsx, { maxRows: 11 })).rows).toHaveLength(12);
    const e = await refusal(readFirstSheet(xlsx, { maxRows: 10 }));
    expect([e.code, e.httpStatus, e.params]).toEqual(['IMPORT_TOO_MANY', 413, { max: 10 }]);

    const rows = [['code'], ...Array.from({ length: 11 }, (_, i) => [`C${i}`])];
    expect((await readFirstSheet(xlsFile(rows), { maxRows: 11 })).rows).toHaveLength(12);
    expect((await refusal(readFirstSheet(xlsFile(rows), { maxRows: 10 }))).code).toBe('IMPORT_TOO_MANY');
    // blank rows between do not hide rows past the cap
    const gappy = [['code'], ...Array.from({ length: 40 }, (_, i) => (i % 3 ? [] : [`C${i}`]))];
    expect((await refusal(readFirstSheet(xlsFile(gappy), { maxRows: 10 }))).code).toBe('IMPORT_TOO_MANY');
  });

  it('refuses the bomb: by its declared size at once, and while streaming when its headers lie', async () => {
    const honest = await sheetBomb();
    expect(honest.length).toBeLessThan(5 * MB);
    const rss = process.memoryUsage().rss;
    let t0 = process.cpuUsage();
    let e = await refusal(readFirstSheet(honest, { maxRows: 10_000 }));
    expect([e.code, e.httpStatus]).toEqual(['IMPORT_TOO_LARGE', 413]);
    expect(cpuMsSince(t0)).toBeLessThan(1000);
    // claiming 15 MB (under the cap): reading stops at row 10,002 (~0.8 MB into 73 MB)
    const lying = await sheetBomb(900_000, { declaredSize: 15 * MB });
    t0 = process.cpuUsage();
    e = await refusal(readFirstSheet(lying, { maxRows: 10_000 }));
    expect([e.code, e.params]).toEqual(['IMPORT_TOO_MANY', { max: 10_000 }]);
    expect(cpuMsSince(t0)).toBeLessThan(2000);
    // with a row cap it never reaches, it is stopped when the inflated bytes pass what it claimed
    t0 = process.cpuUsage();
    e = await refusal(readFirstSheet(lying, { maxRows: 1_000_000 }));
    expect(e.code).toBe('IMPORT_TOO_LARGE');
    expect(cpuMsSince(t0)).toBeLessThan(5000);
    expect(process.memoryUsage().rss - rss).toBeLessThan(100 * MB);
  });

  it('refuses what unpacks past the cap: declared sizes before inflating, actual sizes while inflating', async () => {
    // one row far wider than any sheet of ours: few rows, 40 MB of XML
    const wide = function* () {
      yield '<worksheet><sheetData><row r="1">';
      for (let i = 0; i < 400; i++) yield '<c t="inlineStr"><is><t>x</t></is></c>'.repeat(2500);
      yield '</row></sheetData></worksheet>';
    };
    const wideFile = await zip(xlsxParts(wide()));
    let t0 = process.cpuUsage();
    let e = await refusal(readFirstSheet(wideFile, { maxRows: 10 }));
    expect([e.code, e.httpStatus, e.params]).toEqual(['IMPORT_TOO_LARGE', 413, { max: '16 MB' }]);
    expect(cpuMsSince(t0)).toBeLessThan(5000);

    // the same, claiming 1 KB in its headers: refused as soon as it inflates past that
    const lying = await zip(xlsxParts(wide()).map((p) => (p.name.includes('sheet1') ? { ...p, declaredSize: 1024 } : p)));
    t0 = process.cpuUsage();
    e = await refusal(readFirstSheet(lying, { maxRows: 10 }));
    expect(e.code).toBe('IMPORT_TOO_LARGE');
    expect(cpuMsSince(t0)).toBeLessThan(500);

    // a declared size past the cap is refused without inflating anything
    const claims = xlsxParts(codeRows(2)).map((p) => (p.name.includes('sheet1') ? { ...p, declaredSize: 2 ** 32 - 2 } : p));
    expect((await refusal(readFirstSheet(await zip(claims), { maxRows: 10 }))).code).toBe('IMPORT_TOO_LARGE');

    // a million tiny shared strings
    const sst = function* () {
      yield '<sst>';
      for (let i = 0; i < 100; i++) yield '<si><t>a</t></si>'.repeat(10_000);
      yield '</sst>';
    };
    const parts = xlsxParts('<worksheet><sheetData><row r="1"><c t="s"><v>0</v></c></row></sheetData></worksheet>', { sharedStrings: sst() });
    expect((await refusal(readFirstSheet(await zip(parts), { maxRows: 10 }))).code).toBe('IMPORT_TOO_LARGE');

    // one shared string of 1,000 characters used in every cell: the characters kept count too
    const reuse = function* () {
      yield '<worksheet><sheetData>';
      for (let r = 1; r <= 2000; r++) yield `<row r="${r}">${'<c t="s"><v>0</v></c>'.repeat(64)}</row>`;
      yield '</sheetData></worksheet>';
    };
    const big = xlsxParts(reuse(), { sharedStrings: `<sst><si><t>${'长'.repeat(1000)}</t></si></sst>` });
    expect((await refusal(readFirstSheet(await zip(big), { maxRows: 10_000 }))).code).toBe('IMPORT_TOO_LARGE');

    // an .xls is not compressed: its size is what is parsed
    const hugeXls = Buffer.concat([xlsFile([['a']]), Buffer.alloc(SHEET_LIMITS.xlsBytes)]);
    e = await refusal(readFirstSheet(hugeXls, { maxRows: 10 }));
    expect([e.code, e.params]).toEqual(['IMPORT_TOO_LARGE', { max: '10 MB' }]);
  });

  it('reads a few spreadsheets at a time; past the queue the answer is "busy, try again" (503)', async () => {
    setSheetJobLimits({ concurrency: 1, queue: 1 });
    const file = await zip(xlsxParts(codeRows(3000)));
    const results = await Promise.allSettled([0, 1, 2].map(() => readFirstSheet(file, { maxRows: 10_000 })));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    const e = (results[2] as PromiseRejectedResult).reason as AppError;
    expect([e.code, e.httpStatus]).toEqual(['SHEET_BUSY', 503]);
    expect(sheetJobs()).toEqual({ active: 0, waiting: 0 });

    // a waiting job gives up after queueWaitMs
    setSheetJobLimits({ concurrency: 1, queue: 1, queueWaitMs: 1 });
    const late = await Promise.allSettled([readFirstSheet(file, { maxRows: 10_000 }), readFirstSheet(file, { maxRows: 10_000 })]);
    expect(late.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
    expect(sheetJobs()).toEqual({ active: 0, waiting: 0 });
  });

  it('keeps the event loop turning while 10 bombs, an .xls and a full sheet are read', async () => {
    const bombs = [await sheetBomb(), await sheetBomb(900_000, { declaredSize: 15 * MB })];
    const xls = xlsFile([['code'], ...Array.from({ length: 9000 }, (_, i) => [`CODE${i}`, i, 'x'.repeat(40)])]);
    const full = await zip(xlsxParts(codeRows(10_000)));
    // the longest stretch the main thread computed without letting the timer run, in its own CPU time (what the
    // reader does, not how long the machine's other processes kept the core: a busy machine stretches wall time)
    let worst = 0;
    let last = mainThreadCpuMs();
    const tick = () => {
      const now = mainThreadCpuMs();
      worst = Math.max(worst, now - last);
      last = now;
    };
    const timer = setInterval(tick, 10);
    const rss = process.memoryUsage().rss;
    const results = await Promise.allSettled([
      ...Array.from({ length: 10 }, (_, i) => readFirstSheet(bombs[i % 2]!, { maxRows: 10_000 })),
      readFirstSheet(xls, { maxRows: 10_000 }),
      readFirstSheet(full, { maxRows: 10_000 }),
    ]);
    clearInterval(timer);
    const codes = results.map((r) => (r.status === 'rejected' ? (r.reason as AppError).code : 'read'));
    expect(codes).toEqual([...Array.from({ length: 10 }, (_, i) => (i % 2 ? 'IMPORT_TOO_MANY' : 'IMPORT_TOO_LARGE')), 'read', 'read']);
    expect((results[11] as PromiseFulfilledResult<Sheet>).value.rows).toHaveLength(10_001);
    expect(worst).toBeLessThan(200);
    expect(process.memoryUsage().rss - rss).toBeLessThan(200 * MB);
  });
});
