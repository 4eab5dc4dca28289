import { createRequire } from 'node:module';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import zlib from 'node:zlib';
import { AppError } from './errors';
import { sniff } from './images';

/**
 * The one reader of uploaded spreadsheets (players' import, code sheets). Hostile files cannot take the
 * process down:
 * - .xlsx is read straight from its zip: each part's declared size is checked before inflating, the
 *   inflated bytes are counted as they stream and reading stops at the cap (a zip that inflates past
 *   what it declared is refused too); the sheet's XML is parsed chunk by chunk as it inflates, so the
 *   event loop keeps turning and reading stops at the row cap;
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

// ── zip ─────────────────────────────────────────────────────────────────────────────────────────

interface ZipEntry {
  method: number;
  flags: number;
  csize: number;
  usize: number;
  offset: number;
}

const MAX_ENTRIES = 5000;

/** The central directory: lower-cased name → entry. No zip64 archives (a spreadsheet never needs one). */
function centralDirectory(buf: Buffer): Map<string, ZipEntry> {
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw notSpreadsheet();
  const count = buf.readUInt16LE(eocd + 10);
  const size = buf.readUInt32LE(eocd + 12);
  let p = buf.readUInt32LE(eocd + 16);
  if (count > MAX_ENTRIES || p + size > eocd) throw notSpreadsheet();
  const out = new Map<string, ZipEntry>();
  for (let n = 0; n < count; n++) {
    if (p + 46 > eocd || buf.readUInt32LE(p) !== 0x02014b50) throw notSpreadsheet();
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const e: ZipEntry = {
      flags: buf.readUInt16LE(p + 8),
      method: buf.readUInt16LE(p + 10),
      csize: buf.readUInt32LE(p + 20),
      usize: buf.readUInt32LE(p + 24),
      offset: buf.readUInt32LE(p + 42),
    };
    const name = buf.toString('utf8', p + 46, p + 46 + nameLen);
    // zip64 sizes live in an extra field; such an entry is 4 GB or more unpacked, or claims to be
    if (e.usize === 0xffffffff || e.csize === 0xffffffff || e.offset === 0xffffffff) {
      if (e.usize === 0xffffffff) throw tooLarge();
      throw notSpreadsheet();
    }
    out.set(name.toLowerCase(), e);
    p += 46 + nameLen + extraLen + commentLen;
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

const CHUNK = 64 * 1024;

/** Streams one zip entry as text, refusing it past its declared size or the budget. */
async function streamEntry(buf: Buffer, e: ZipEntry, budget: Budget, onText: (s: string) => void): Promise<void> {
  if (e.flags & 1) throw notSpreadsheet(); // encrypted
  if (!budget.fits(e.usize)) throw tooLarge();
  if (e.offset + 30 > buf.length || buf.readUInt32LE(e.offset) !== 0x04034b50) throw notSpreadsheet();
  const start = e.offset + 30 + buf.readUInt16LE(e.offset + 26) + buf.readUInt16LE(e.offset + 28);
  if (start + e.csize > buf.length) throw notSpreadsheet();
  const body = buf.subarray(start, start + e.csize);
  const decoder = new TextDecoder('utf-8');
  let inflated = 0;
  const take = (chunk: Buffer) => {
    inflated += chunk.length;
    if (inflated > e.usize) throw tooLarge(); // inflates past what it declared: a bomb
    budget.take(chunk.length);
    budget.checkTime();
    onText(decoder.decode(chunk, { stream: true }));
  };
  if (e.method === 0) {
    for (let i = 0; i < body.length; i += CHUNK) {
      take(body.subarray(i, i + CHUNK));
      await nextTurn();
    }
  } else if (e.method === 8) {
    const inflater = zlib.createInflateRaw({ chunkSize: CHUNK });
    inflater.end(body);
    try {
      for await (const chunk of inflater) take(chunk as Buffer);
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw notSpreadsheet();
    } finally {
      inflater.destroy();
    }
  } else throw notSpreadsheet();
  onText(decoder.decode());
}

// ── XML, streamed ───────────────────────────────────────────────────────────────────────────────

type Attrs = Record<string, string>;
interface XmlHandler {
  open(name: string, attrs: Attrs): void;
  close(name: string): void;
  text(text: string): void;
}

const ENTITY = /&(#x[0-9a-fA-F]+|#[0-9]+|lt|gt|amp|quot|apos);/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
function decodeXml(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(ENTITY, (_m, e: string) => {
    if (e[0] !== '#') return NAMED[e]!;
    const code = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}
const localName = (qname: string) => qname.slice(qname.indexOf(':') + 1);
/** Longest piece of text held while waiting for its end (a bigger one is not a sheet of ours). */
const MAX_PENDING = MB;
/** Longest tag (`<c r="A1" s="3" t="s">` is 20 characters; namespace-laden root tags a few KB). */
const MAX_TAG = 64 * 1024;

const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;
/** Attributes of a tag's inside, in one linear pass (no regular expression to backtrack on). */
function parseAttrs(s: string, from: number, to: number): Attrs {
  const attrs: Attrs = {};
  let i = from;
  for (;;) {
    while (i < to && isSpace(s.charCodeAt(i))) i++;
    if (i >= to) return attrs;
    const nameStart = i;
    while (i < to && !isSpace(s.charCodeAt(i)) && s.charCodeAt(i) !== 61 /* = */) i++;
    const name = s.slice(nameStart, i);
    while (i < to && isSpace(s.charCodeAt(i))) i++;
    if (s.charCodeAt(i) !== 61) return attrs; // not name="value": ignore the rest
    i++;
    while (i < to && isSpace(s.charCodeAt(i))) i++;
    const q = s.charCodeAt(i);
    if (q !== 34 && q !== 39) return attrs;
    const end = s.indexOf(q === 34 ? '"' : "'", i + 1);
    if (end === -1 || end >= to) return attrs;
    attrs[localName(name)] = decodeXml(s.slice(i + 1, end));
    i = end + 1;
  }
}

/**
 * A small streaming XML tokenizer for the parts of an .xlsx: elements, attributes, text, character
 * references; comments, processing instructions and CDATA are handled, a DOCTYPE is refused (no
 * entity expansion). Namespace prefixes are dropped.
 */
class XmlStream {
  private pending = '';
  constructor(private readonly h: XmlHandler) {}

  write(chunk: string) {
    const s = this.pending + chunk;
    const n = s.length;
    let i = 0;
    for (;;) {
      const lt = s.indexOf('<', i);
      if (lt === -1) break;
      if (lt > i) this.h.text(decodeXml(s.slice(i, lt)));
      i = lt;
      if (lt + 1 >= n) break;
      const c1 = s.charCodeAt(lt + 1);
      if (c1 === 33 /* ! */) {
        if (n - lt < 9) break;
        if (s.startsWith('<!--', lt)) {
          const e = s.indexOf('-->', lt + 4);
          if (e === -1) break;
          i = e + 3;
        } else if (s.startsWith('<![CDATA[', lt)) {
          const e = s.indexOf(']]>', lt + 9);
          if (e === -1) break;
          this.h.text(s.slice(lt + 9, e));
          i = e + 3;
        } else throw notSpreadsheet(); // DOCTYPE
        continue;
      }
      if (c1 === 63 /* ? */) {
        const e = s.indexOf('?>', lt + 2);
        if (e === -1) break;
        i = e + 2;
        continue;
      }
      let j = lt + 1;
      let quote = 0;
      const limit = Math.min(n, lt + MAX_TAG);
      for (; j < limit; j++) {
        const c = s.charCodeAt(j);
        if (quote) {
          if (c === quote) quote = 0;
        } else if (c === 34 || c === 39) quote = c;
        else if (c === 62 /* > */) break;
      }
      if (j >= limit) {
        if (limit < n) throw notSpreadsheet(); // a tag longer than any of a spreadsheet
        break;
      }
      this.tag(s, lt + 1, j);
      i = j + 1;
    }
    this.pending = i < n ? s.slice(i) : '';
    // text between tags is kept whole until its end; nothing in a spreadsheet is this long
    if (this.pending.length > MAX_PENDING) throw tooLarge();
  }

  end() {
    if (this.pending.trim()) this.h.text(decodeXml(this.pending));
    this.pending = '';
  }

  private tag(s: string, a: number, b: number) {
    if (s.charCodeAt(a) === 47 /* / */) {
      this.h.close(localName(s.slice(a + 1, b).trim()));
      return;
    }
    const selfClosing = s.charCodeAt(b - 1) === 47;
    const end = selfClosing ? b - 1 : b;
    let k = a;
    while (k < end && s.charCodeAt(k) > 32) k++;
    const name = localName(s.slice(a, k));
    this.h.open(name, k < end ? parseAttrs(s, k, end) : {});
    if (selfClosing) this.h.close(name);
  }
}

async function readXml(buf: Buffer, e: ZipEntry, budget: Budget, h: XmlHandler) {
  const x = new XmlStream(h);
  await streamEntry(buf, e, budget, (t) => x.write(t));
  x.end();
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
