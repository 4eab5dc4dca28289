import { createRequire } from 'node:module';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { Unzip, UnzipInflate, UnzipPassThrough, unzipSync } from 'fflate';
import { SaxesParser } from 'saxes';
import { AppError } from './errors';
import { sniff } from './images';

/**
 * The one reader of uploaded spreadsheets (players' import, code sheets). Hostile files cannot take the
 * process down:
 * - .xlsx: fflate reads the zip (its central directory for each part's declared size, checked before
 *   inflating; its streaming unzip for the part), the inflated bytes are counted as they stream and
 *   reading stops at the cap (a zip that inflates past what it declared is refused too); saxes parses the
 *   sheet's XML piece by piece as it inflates, so the event loop keeps turning and reading stops at the
 *   row cap (exceljs' streaming reader was the other candidate: it unzips with unzipper, which neither
 *   checks declared sizes nor stops mid-entry, and it parks a sheet that comes before its shared strings);
 * - .xls (a CFB file, no compression) is size-capped and parsed by SheetJS in a worker thread with its
 *   own heap limit and a deadline, stopping after the rows needed (`sheetRows`);
 * - at most SHEET_JOBS.concurrency spreadsheets are read at once per process, SHEET_JOBS.queue more wait
 *   (at most SHEET_JOBS.queueWaitMs); beyond that the answer is 503 SHEET_BUSY "busy, try again".
 * Only the first sheet is read, and only its first `maxColumns` columns are kept.
 */

const MB = 1024 * 1024;

export const SHEET_LIMITS = {
  /** inflated XML of every part read, plus the characters of the cells kept */
  unpackedBytes: 16 * MB,
  /** an .xls is not compressed: its file size is what gets parsed */
  xlsBytes: 10 * MB,
  /** a longer cell is cut (no field of ours takes more) */
  cellChars: 1000,
  /** shared strings kept per workbook */
  sharedStrings: 250_000,
  /** a spreadsheet taking longer than this is refused as too large */
  deadlineMs: 20_000,
  /** the heap of the worker reading an .xls */
  xlsWorkerHeapMb: 160,
};

export const SHEET_JOBS = { concurrency: 2, queue: 16, queueWaitMs: 30_000 };

/** Tests: change how many spreadsheets are read at once and how many may wait. */
export function setSheetJobLimits(limits: Partial<typeof SHEET_JOBS>) {
  Object.assign(SHEET_JOBS, limits);
}

export interface FormulaCell {
  formula: true;
  /** the cached result as text ('' when none) */
  text: string;
}
/** A kept cell: text, a date (a number formatted as a date; UTC midnight for a day) or a formula. */
export type CellValue = string | Date | FormulaCell;
export interface SheetRow {
  /** 1-based row number in the sheet */
  row: number;
  /** cells[0] is column A; empty cells are undefined */
  cells: (CellValue | undefined)[];
}
export interface Sheet {
  /** rows holding at least one value, in sheet order */
  rows: SheetRow[];
  merged: boolean;
}
export interface SheetOptions {
  /** data rows (rows with a value below row 1) allowed; one more is refused with IMPORT_TOO_MANY */
  maxRows: number;
  /** columns kept (default 64) */
  maxColumns?: number;
}

export function isFormula(c: CellValue | undefined): c is FormulaCell {
  return typeof c === 'object' && !(c instanceof Date);
}
/** A cell as text: dates as yyyy-mm-dd, formulas by their result. */
export function cellText(c: CellValue | undefined): string {
  if (c === undefined) return '';
  if (typeof c === 'string') return c;
  if (c instanceof Date) return c.toISOString().slice(0, 10);
  return c.text;
}

const human = (bytes: number) => `${Math.round(bytes / MB)} MB`;
const tooLarge = (max = SHEET_LIMITS.unpackedBytes) => new AppError('IMPORT_TOO_LARGE', { params: { max: human(max) } });
const tooMany = (max: number) => new AppError('IMPORT_TOO_MANY', { params: { max } });
const notSpreadsheet = () => new AppError('IMPORT_NOT_SPREADSHEET');

// ── jobs ────────────────────────────────────────────────────────────────────────────────────────

let active = 0;
const waiting: (() => void)[] = [];

async function withSlot<T>(job: () => Promise<T>): Promise<T> {
  if (active < SHEET_JOBS.concurrency) active++;
  else {
    if (waiting.length >= SHEET_JOBS.queue) throw new AppError('SHEET_BUSY');
    await new Promise<void>((resolve, reject) => {
      const go = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(go), 1);
        reject(new AppError('SHEET_BUSY'));
      }, SHEET_JOBS.queueWaitMs);
      waiting.push(go);
    });
    // the slot of the job that finished passed to this one
  }
  try {
    return await job();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else active--;
  }
}

/** Spreadsheets being read and waiting in this process. */
export function sheetJobs() {
  return { active, waiting: waiting.length };
}

/**
 * Reads the first sheet of an .xlsx or .xls (recognised by content, whatever the file is called) within
 * the limits above. Refusals: IMPORT_NOT_SPREADSHEET, IMPORT_TOO_MANY {max}, IMPORT_TOO_LARGE {max},
 * SHEET_BUSY.
 */
export async function readFirstSheet(data: Buffer, opts: SheetOptions): Promise<Sheet> {
  const type = sniff(data);
  if (type !== 'zip-office' && type !== 'ole-office') throw notSpreadsheet();
  if (type === 'ole-office' && data.length > SHEET_LIMITS.xlsBytes) throw tooLarge(SHEET_LIMITS.xlsBytes);
  const o = { maxRows: opts.maxRows, maxColumns: opts.maxColumns ?? 64 };
  return withSlot(() => (type === 'zip-office' ? readXlsx(data, o) : readXls(data, o)));
}

// ── zip (fflate) ────────────────────────────────────────────────────────────────────────────────

/** An entry as its central directory declares it: sizes before inflating anything. */
interface ZipEntry {
  name: string;
  usize: number;
}

const MAX_ENTRIES = 5000;

/** The central directory, read by fflate (zip64 too): lower-cased name → entry. Nothing is inflated. */
function centralDirectory(buf: Buffer): Map<string, ZipEntry> {
  const out = new Map<string, ZipEntry>();
  try {
    unzipSync(buf, {
      filter: (f) => {
        if (out.size >= MAX_ENTRIES) throw notSpreadsheet();
        out.set(f.name.toLowerCase(), { name: f.name, usize: f.originalSize });
        return false;
      },
    });
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw notSpreadsheet();
  }
  return out;
}

/** What one spreadsheet may still unpack (bytes inflated + characters kept) before it is refused. */
class Budget {
  private readonly deadline = Date.now() + SHEET_LIMITS.deadlineMs;
  constructor(private left: number) {}
  take(n: number) {
    this.left -= n;
    if (this.left < 0) throw tooLarge();
  }
  fits(n: number) {
    return n <= this.left;
  }
  checkTime() {
    if (Date.now() > this.deadline) throw tooLarge();
  }
}

/**
 * Compressed bytes handed to fflate at a time: about a thousandth of what the entry declares (deflate
 * tops out near 1:1032), so a lying entry is caught within about its declared size; 1–16 KB.
 */
const sliceFor = (declared: number) => Math.min(16 * 1024, Math.max(1024, Math.ceil(declared / 1024)));
/** Text handed on between two turns of the event loop. */
const TURN = 64 * 1024;

/**
 * Streams one zip entry through fflate's streaming unzip, as text, refusing it past its declared size
 * (a zip that inflates past what it declared is a bomb) or the budget. fflate only counts and queues
 * what it inflates; the text is handed on in pieces with the event loop turning between them.
 */
async function streamEntry(buf: Buffer, e: ZipEntry, budget: Budget, onText: (s: string) => void): Promise<void> {
  if (!budget.fits(e.usize)) throw tooLarge();
  const decoder = new TextDecoder('utf-8');
  const queue: Uint8Array[] = [];
  let failed: unknown = null;
  let final = false;
  let found = false;
  let inflated = 0;
  const unzip = new Unzip((file) => {
    if (found || file.name !== e.name) return;
    found = true;
    file.ondata = (err, chunk, last) => {
      if (failed || final) return;
      if (err) failed = notSpreadsheet();
      else if ((inflated += chunk.length) > e.usize)
        failed = tooLarge(); // inflates past what it declared: a bomb
      else if (!budget.fits(inflated)) failed = tooLarge();
      else {
        queue.push(chunk);
        final = last;
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  const slice = sliceFor(e.usize);
  let at = 0;
  let handed = 0;
  for (;;) {
    if (!queue.length && !final && !failed && at < buf.length) {
      try {
        unzip.push(buf.subarray(at, at + slice), at + slice >= buf.length);
      } catch {
        failed ??= notSpreadsheet();
      }
      at += slice;
      // passing over other entries inflates nothing, but a long pass still lets the loop turn
      if (at % (64 * slice) === 0) await nextTurn();
    }
    if (failed) throw failed;
    const chunk = queue.shift();
    if (!chunk) {
      if (final) break;
      if (at >= buf.length) throw notSpreadsheet(); // the entry's data ended early
      continue;
    }
    for (let i = 0; i < chunk.length; i += TURN) {
      const piece = chunk.subarray(i, i + TURN);
      budget.take(piece.length);
      budget.checkTime();
      onText(decoder.decode(piece, { stream: true }));
      if ((handed += piece.length) >= TURN) {
        handed = 0;
        await nextTurn();
      }
    }
  }
  onText(decoder.decode());
  await nextTurn();
}

// ── XML (saxes) ─────────────────────────────────────────────────────────────────────────────────

type Attrs = Record<string, string>;
interface XmlHandler {
  open(name: string, attrs: Attrs): void;
  close(name: string): void;
  text(text: string): void;
}

const localName = (qname: string) => qname.slice(qname.indexOf(':') + 1);
/**
 * Longest run of characters without a '>' (a tag that never ends, a text longer than any cell: Excel's
 * 32,767 characters escaped): refused before the parser works through it.
 */
const MAX_RUN = 256 * 1024;

/**
 * One part's XML through saxes (the streaming parser jsdom uses), well-formedness checked; a DOCTYPE is
 * refused (no entity expansion). Namespace prefixes are dropped from element and attribute names.
 */
async function readXml(buf: Buffer, e: ZipEntry, budget: Budget, h: XmlHandler) {
  const parser = new SaxesParser({ xmlns: false, position: false });
  parser.on('doctype', () => {
    throw notSpreadsheet();
  });
  parser.on('error', () => {
    throw notSpreadsheet();
  });
  parser.on('opentag', (tag) => {
    const attrs: Attrs = {};
    for (const [k, v] of Object.entries(tag.attributes)) attrs[localName(k)] = v;
    h.open(localName(tag.name), attrs);
  });
  parser.on('closetag', (tag) => h.close(localName(tag.name)));
  parser.on('text', (t) => h.text(t));
  parser.on('cdata', (t) => h.text(t));
  let run = 0;
  const write = (s: string) => {
    const gt = s.lastIndexOf('>');
    run = gt === -1 ? run + s.length : s.length - 1 - gt;
    if (run > MAX_RUN) throw notSpreadsheet();
    try {
      parser.write(s);
    } catch (x) {
      throw x instanceof AppError ? x : notSpreadsheet();
    }
  };
  await streamEntry(buf, e, budget, write);
  try {
    parser.close();
  } catch (x) {
    throw x instanceof AppError ? x : notSpreadsheet();
  }
}

// ── .xlsx ───────────────────────────────────────────────────────────────────────────────────────

/** OOXML escapes control characters as _xHHHH_. */
const unescapeOoxml = (s: string) => (s.includes('_x') ? s.replace(/_x([0-9A-Fa-f]{4})_/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))) : s);

// Built-in number formats that show dates (14–22 everywhere, 27–36 and 50–58 in East Asian locales).
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);
function isDateFormat(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[[^\]]*\]/g, '');
  return /[dmyhs]/i.test(bare) && !/^general$/i.test(bare.trim());
}

const DAY = 86_400_000;
function serialToDate(serial: number, date1904: boolean): Date | undefined {
  if (!Number.isFinite(serial) || serial < 0 || serial > 2_958_465) return undefined;
  const epoch = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30);
  return new Date(epoch + Math.round(serial * 86_400) * 1000 + (!date1904 && serial < 61 ? DAY : 0));
}

function columnOf(ref: string): number {
  let col = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i) & ~32;
    if (c < 65 || c > 90) break;
    col = col * 26 + (c - 64);
  }
  return col;
}

function resolvePart(base: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = (base + target).split('/');
  const out: string[] = [];
  for (const p of parts) {
    if (p === '..') out.pop();
    else if (p !== '.' && p !== '') out.push(p);
  }
  return out.join('/');
}

async function relationships(buf: Buffer, zip: Map<string, ZipEntry>, part: string, budget: Budget) {
  const rels = new Map<string, { type: string; target: string }>();
  const slash = part.lastIndexOf('/');
  const dir = slash >= 0 ? part.slice(0, slash + 1) : '';
  const e = zip.get(`${dir}_rels/${part.slice(slash + 1)}.rels`.toLowerCase());
  if (!e) return rels;
  await readXml(buf, e, budget, {
    open: (name, a) => {
      if (name === 'Relationship' && a.Id && a.Target && a.TargetMode !== 'External')
        rels.set(a.Id, { type: a.Type ?? '', target: resolvePart(dir, a.Target) });
    },
    close: () => undefined,
    text: () => undefined,
  });
  return rels;
}

async function readXlsx(buf: Buffer, o: Required<SheetOptions>): Promise<Sheet> {
  const zip = centralDirectory(buf);
  const budget = new Budget(SHEET_LIMITS.unpackedBytes);
  const byType = (rels: Map<string, { type: string; target: string }>, suffix: string) => [...rels.values()].find((r) => r.type.endsWith(suffix))?.target;

  const workbookPart = byType(await relationships(buf, zip, '', budget), '/officeDocument') ?? 'xl/workbook.xml';
  const workbook = zip.get(workbookPart.toLowerCase());
  if (!workbook) throw notSpreadsheet();
  let firstSheet: string | undefined;
  let date1904 = false;
  await readXml(buf, workbook, budget, {
    open: (name, a) => {
      if (name === 'workbookPr') date1904 = a.date1904 === '1' || a.date1904 === 'true';
      else if (name === 'sheet' && firstSheet === undefined) firstSheet = a.id ?? '';
    },
    close: () => undefined,
    text: () => undefined,
  });
  const rels = await relationships(buf, zip, workbookPart, budget);
  if (firstSheet === undefined) return { rows: [], merged: false };
  const sheetEntry = zip.get((rels.get(firstSheet)?.target ?? '').toLowerCase());
  if (!sheetEntry) throw notSpreadsheet();

  // styles: which cell formats show dates
  const xfDate: boolean[] = [];
  const stylesEntry = zip.get((byType(rels, '/styles') ?? '').toLowerCase());
  if (stylesEntry) {
    const custom = new Map<number, string>();
    const xfFormats: number[] = [];
    let inXfs = false;
    await readXml(buf, stylesEntry, budget, {
      open: (name, a) => {
        if (name === 'numFmt') custom.set(Number(a.numFmtId), a.formatCode ?? '');
        else if (name === 'cellXfs') inXfs = true;
        else if (name === 'xf' && inXfs) xfFormats.push(Number(a.numFmtId ?? 0));
      },
      close: (name) => {
        if (name === 'cellXfs') inXfs = false;
      },
      text: () => undefined,
    });
    for (const id of xfFormats) xfDate.push(custom.has(id) ? isDateFormat(custom.get(id)!) : DATE_FORMAT_IDS.has(id));
  }

  // shared strings (rich text: the runs' text; phonetic guides are left out)
  const shared: string[] = [];
  const sstEntry = zip.get((byType(rels, '/sharedStrings') ?? '').toLowerCase());
  if (sstEntry) {
    let cur: string | null = null;
    let capture = false;
    let rph = 0;
    await readXml(buf, sstEntry, budget, {
      open: (name) => {
        if (name === 'si') cur = '';
        else if (name === 'rPh') rph++;
        else if (name === 't' && cur !== null && !rph) capture = true;
      },
      close: (name) => {
        if (name === 't') capture = false;
        else if (name === 'rPh') rph--;
        else if (name === 'si' && cur !== null) {
          if (shared.length >= SHEET_LIMITS.sharedStrings) throw tooLarge();
          shared.push(unescapeOoxml(cur).slice(0, SHEET_LIMITS.cellChars));
          cur = null;
        }
      },
      text: (t) => {
        if (capture && cur !== null && cur.length < SHEET_LIMITS.cellChars * 2) cur += t;
      },
    });
  }

  // the sheet, row by row; stops at the row cap
  const rows: SheetRow[] = [];
  let merged = false;
  let dataRows = 0;
  let rowNo = 0;
  let cells: (CellValue | undefined)[] | null = null;
  let col = 0;
  let type = 'n';
  let style = 0;
  let formula = false;
  let v: string | null = null;
  let inline: string | null = null;
  let capture: 'v' | 't' | null = null;
  let text = '';
  let inIs = false;
  let rph = 0;
  const finishCell = () => {
    if (!cells || col < 1 || col > o.maxColumns) return;
    let value: string | Date | undefined;
    switch (type) {
      case 's':
        value = v === null ? undefined : (shared[Number(v)] ?? '');
        break;
      case 'inlineStr':
        value = inline === null ? undefined : unescapeOoxml(inline);
        break;
      case 'str':
      case 'e':
        value = v === null ? undefined : unescapeOoxml(v);
        break;
      case 'b':
        value = v === null ? undefined : v === '1' || v === 'true' ? 'true' : 'false';
        break;
      case 'd': {
        const d = v === null ? undefined : new Date(v.length === 10 ? `${v}T00:00:00Z` : v);
        value = d && !Number.isNaN(d.getTime()) ? d : (v ?? undefined);
        break;
      }
      default:
        if (v === null || v.trim() === '') value = undefined;
        else if (xfDate[style]) value = serialToDate(Number(v), date1904) ?? v;
        else value = /^-?\d{1,20}$/.test(v.trim()) ? v.trim() : Number.isFinite(Number(v)) ? String(Number(v)) : v;
    }
    if (typeof value === 'string') {
      value = value.slice(0, SHEET_LIMITS.cellChars);
      budget.take(value.length);
    }
    if (formula) cells[col - 1] = { formula: true, text: value instanceof Date ? value.toISOString().slice(0, 10) : (value ?? '') };
    else if (value !== undefined) cells[col - 1] = value;
  };
  await readXml(buf, sheetEntry, budget, {
    open: (name, a) => {
      switch (name) {
        case 'row': {
          const r = a.r ? Number(a.r) : rowNo + 1;
          if (!Number.isInteger(r) || r < 1 || r > 1_048_576) throw notSpreadsheet();
          rowNo = r;
          cells = [];
          col = 0;
          break;
        }
        case 'c':
          col = a.r ? columnOf(a.r) : col + 1;
          type = a.t ?? 'n';
          style = a.s ? Number(a.s) : 0;
          formula = false;
          v = null;
          inline = null;
          break;
        case 'f':
          formula = true;
          break;
        case 'v':
          capture = 'v';
          text = '';
          break;
        case 'is':
          inIs = true;
          inline = '';
          break;
        case 'rPh':
          rph++;
          break;
        case 't':
          if (inIs && !rph) capture = 't';
          break;
        case 'mergeCell':
          merged = true;
          break;
      }
    },
    close: (name) => {
      switch (name) {
        case 'v':
          v = text;
          capture = null;
          break;
        case 't':
          capture = null;
          break;
        case 'rPh':
          rph--;
          break;
        case 'is':
          inIs = false;
          break;
        case 'c':
          finishCell();
          break;
        case 'row':
          if (cells && cells.some((c) => c !== undefined)) {
            if (rowNo > 1 && ++dataRows > o.maxRows) throw tooMany(o.maxRows);
            rows.push({ row: rowNo, cells });
          }
          cells = null;
          break;
      }
    },
    text: (t) => {
      if (capture === 'v') text += t;
      else if (capture === 't' && inline !== null) inline += t;
    },
  });
  return { rows, merged };
}

// ── .xls, in a worker ───────────────────────────────────────────────────────────────────────────

const xlsxLib = createRequire(import.meta.url).resolve('@e965/xlsx');

// Plain JavaScript run by the worker (eval: no file to build or ship). Posts {rows, merged} or {error}.
const XLS_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const X = require(workerData.lib);
const { maxRows, maxColumns, sheetRows, cellChars, budget } = workerData.limits;
function run() {
  let wb;
  try {
    wb = X.read(workerData.data, { type: 'array', dense: true, sheets: 0, sheetRows, cellFormula: true, cellNF: true, cellHTML: false, cellStyles: false, bookVBA: false });
  } catch (e) {
    return { error: 'bad' };
  }
  const ws = wb.Sheets[wb.SheetNames[0]];
  if (!ws) return { rows: [], merged: false };
  const date1904 = !!(wb.Workbook && wb.Workbook.WBProps && wb.Workbook.WBProps.date1904);
  const data = ws['!data'] || [];
  let left = budget;
  let dataRows = 0;
  const rows = [];
  for (let r = 0; r < data.length; r++) {
    const row = data[r];
    if (!row) continue;
    const cells = [];
    let any = false;
    for (let c = 0; c < Math.min(row.length, maxColumns); c++) {
      const cell = row[c];
      if (!cell || cell.t === 'z') continue;
      let value;
      if (cell.t === 's') value = String(cell.v);
      else if (cell.t === 'b') value = cell.v ? 'true' : 'false';
      else if (cell.t === 'e') value = cell.w || '#ERR';
      else if (cell.t === 'd') value = cell.v instanceof Date ? cell.v : String(cell.v);
      else if (cell.t === 'n') {
        if (cell.z && X.SSF.is_date(cell.z)) {
          const p = X.SSF.parse_date_code(cell.v, { date1904 });
          value = p ? new Date(Date.UTC(p.y, p.m - 1, p.d, p.H, p.M, p.S)) : String(cell.v);
        } else value = String(cell.v);
      }
      if (typeof value === 'string') {
        value = value.slice(0, cellChars);
        left -= value.length;
        if (left < 0) return { error: 'large' };
      }
      if (cell.f) value = { formula: true, text: value instanceof Date ? value.toISOString().slice(0, 10) : value === undefined ? '' : value };
      if (value === undefined) continue;
      cells[c] = value;
      any = true;
    }
    if (!any) continue;
    if (r > 0 && ++dataRows > maxRows) return { error: 'rows' };
    rows.push({ row: r + 1, cells });
  }
  // rows past what was read: only a sheet with thousands of blank rows gets here
  if (ws['!fullref'] && X.utils.decode_range(ws['!fullref']).e.r >= sheetRows) return { error: 'rows' };
  return { rows, merged: (ws['!merges'] || []).length > 0 };
}
parentPort.postMessage(run());
`;

type XlsResult = Sheet | { error: 'bad' | 'large' | 'rows' };

function readXls(data: Buffer, o: Required<SheetOptions>): Promise<Sheet> {
  const copy = new Uint8Array(data);
  return new Promise<Sheet>((resolve, reject) => {
    let settled = false;
    const settle = (f: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      f();
      void worker.terminate();
    };
    const worker = new Worker(XLS_WORKER, {
      eval: true,
      workerData: {
        lib: xlsxLib,
        data: copy,
        limits: {
          maxRows: o.maxRows,
          maxColumns: o.maxColumns,
          sheetRows: o.maxRows * 2 + 2,
          cellChars: SHEET_LIMITS.cellChars,
          budget: SHEET_LIMITS.unpackedBytes,
        },
      },
      transferList: [copy.buffer as ArrayBuffer],
      resourceLimits: { maxOldGenerationSizeMb: SHEET_LIMITS.xlsWorkerHeapMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
      stdout: true,
      stderr: true,
    });
    const timer = setTimeout(() => settle(() => reject(tooLarge(SHEET_LIMITS.xlsBytes))), SHEET_LIMITS.deadlineMs);
    worker.on('message', (m: XlsResult) =>
      settle(() => {
        if (!('error' in m)) resolve(m);
        else if (m.error === 'rows') reject(tooMany(o.maxRows));
        else if (m.error === 'large') reject(tooLarge());
        else reject(notSpreadsheet());
      }),
    );
    worker.on('error', (err: Error & { code?: string }) =>
      settle(() => reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooLarge(SHEET_LIMITS.xlsBytes) : notSpreadsheet())),
    );
    worker.on('exit', () => settle(() => reject(notSpreadsheet())));
  });
}
