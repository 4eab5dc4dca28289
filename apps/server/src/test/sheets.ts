import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import * as XLSX from '@e965/xlsx';

/**
 * Spreadsheets made on the fly for tests and benches (no fixtures): a small zip writer, hostile .xlsx
 * files (a "bomb" whose sheet expands far beyond its compressed size) and real .xls files written by
 * SheetJS.
 */

export interface ZipEntry {
  name: string;
  /** the entry's content, streamed through deflate piece by piece (a bomb never exists unpacked) */
  content: string | Buffer | Iterable<string | Buffer>;
  /** claim this uncompressed size in the headers instead of the real one (a lying zip) */
  declaredSize?: number;
  /** store instead of deflate */
  stored?: boolean;
}

async function deflate(content: ZipEntry['content'], stored: boolean) {
  const pieces = typeof content === 'string' || Buffer.isBuffer(content) ? [content] : content;
  let crc = 0;
  let size = 0;
  const chunks: Buffer[] = [];
  const source = Readable.from(
    (function* () {
      for (const p of pieces) {
        const b = typeof p === 'string' ? Buffer.from(p, 'utf8') : p;
        crc = zlib.crc32(b, crc);
        size += b.length;
        yield b;
      }
    })(),
  );
  if (stored) for await (const c of source) chunks.push(c as Buffer);
  else for await (const c of source.pipe(zlib.createDeflateRaw({ level: 9, memLevel: 9 }))) chunks.push(c as Buffer);
  return { data: Buffer.concat(chunks), crc: crc >>> 0, size };
}

/** A zip archive (deflate or stored entries, no zip64). */
export async function zip(entries: ZipEntry[]): Promise<Buffer> {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const { data, crc, size } = await deflate(e.content, !!e.stored);
    const name = Buffer.from(e.name, 'utf8');
    const usize = e.declaredSize ?? size;
    const method = e.stored ? 0 : 8;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(usize, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE(0x0800, 8);
    cd.writeUInt16LE(method, 10);
    cd.writeUInt16LE(0, 12);
    cd.writeUInt16LE(0x21, 14);
    cd.writeUInt32LE(crc, 16);
    cd.writeUInt32LE(data.length, 20);
    cd.writeUInt32LE(usize, 24);
    cd.writeUInt16LE(name.length, 28);
    cd.writeUInt32LE(offset, 42);
    central.push(cd, name);
    parts.push(local, name, data);
    offset += local.length + name.length + data.length;
  }
  const cdBuf = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cdBuf.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, cdBuf, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** The parts of a minimal workbook around one sheet's XML (which may be a generator of pieces). */
export function xlsxParts(sheet: ZipEntry['content'], extra: { sharedStrings?: ZipEntry['content'] } = {}): ZipEntry[] {
  const ct =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
    (extra.sharedStrings
      ? '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>'
      : '') +
    '</Types>';
  const rels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
  const wb = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`;
  const wbRels =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
    (extra.sharedStrings ? `<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>` : '') +
    '</Relationships>';
  return [
    { name: '[Content_Types].xml', content: ct },
    { name: '_rels/.rels', content: rels },
    { name: 'xl/workbook.xml', content: wb },
    { name: 'xl/_rels/workbook.xml.rels', content: wbRels },
    { name: 'xl/worksheets/sheet1.xml', content: sheet },
    ...(extra.sharedStrings ? [{ name: 'xl/sharedStrings.xml', content: extra.sharedStrings }] : []),
  ];
}

/**
 * Sheet XML pieces: a header row, then `rows` rows of one inline-string code each (1,000 rows a piece);
 * `distinct` numbers every code, otherwise all rows carry the same code (compresses far better).
 */
export function* codeRows(rows: number, { header = '兑换码', distinct = true } = {}): Generator<string> {
  yield `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${MAIN}"><sheetData>`;
  yield `<row r="1"><c r="A1" t="inlineStr"><is><t>${header}</t></is></c></row>`;
  let piece = '';
  for (let i = 2; i <= rows + 1; i++) {
    piece += distinct
      ? `<row r="${i}"><c r="A${i}" t="inlineStr"><is><t>CODE${String(i).padStart(7, '0')}</t></is></c></row>`
      : `<row r="${i}"><c r="A${i}" t="inlineStr"><is><t>CODE-ABCD-EFGH</t></is></c></row>`;
    if (i % 1000 === 0) {
      yield piece;
      piece = '';
    }
  }
  yield piece + '</sheetData></worksheet>';
}

/**
 * The spreadsheet bomb of issue 9 finding 6: a valid .xlsx of about 4.9 MB (under the code-sheet upload
 * limit of 5 MB) whose one sheet expands to about 73 MB of XML (900,000 rows by default); `declaredSize`
 * makes its zip headers lie about that.
 */
export async function sheetBomb(rows = 900_000, opts: { declaredSize?: number } = {}): Promise<Buffer> {
  return zip(xlsxParts(codeRows(rows, { distinct: false })).map((p) => (p.name.endsWith('sheet1.xml') ? { ...p, declaredSize: opts.declaredSize } : p)));
}

/** A real legacy .xls (BIFF8) written by SheetJS, from rows of values (Date cells become dates). */
export function xlsFile(rows: unknown[][], opts: { merges?: string[]; formulas?: Record<string, string> } = {}): Buffer {
  const ws = XLSX.utils.aoa_to_sheet(rows, { cellDates: true });
  if (opts.merges) ws['!merges'] = opts.merges.map((m) => XLSX.utils.decode_range(m));
  for (const [ref, f] of Object.entries(opts.formulas ?? {})) ws[ref] = { ...(ws[ref] ?? { t: 'n', v: 0 }), f };
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, 'S');
  return XLSX.write(wb, { type: 'buffer', bookType: 'biff8' }) as Buffer;
}
