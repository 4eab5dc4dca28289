import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fenToChineseCapital, formatYuan } from '@rp/shared';
import type { PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { loadFontkit, loadPdfLib, loadSubsetFont } from '../../lib/lazy-libs';

/** Everything printed on an invoice; labels come from the shared messages in the requested language. */
export interface InvoicePdfInput {
  invoiceNo: string;
  issuedAt: Date;
  orderNo: string;
  paidAt: Date | null;
  titleType: 'personal' | 'company';
  kind: 'ordinary' | 'special';
  companyName: string;
  taxNo: string | null;
  registeredAddress: string | null;
  registeredPhone: string | null;
  bank: string | null;
  bankAccount: string | null;
  contact: string | null;
  receivingAddress: string | null;
  seller: { name: string; taxNo: string; address: string; bank: string };
  lines: { name: string; quantity: number; unitFen: number; amountFen: number }[];
  totalFen: number;
  labels: Record<string, string>;
}

const require = createRequire(import.meta.url);
const fontDir = path.dirname(require.resolve('@expo-google-fonts/noto-sans-sc/package.json'));
const fonts: { regular?: Promise<Buffer>; bold?: Promise<Buffer> } = {};

/** Noto Sans SC, read once per process. */
function fontBytes(weight: 'regular' | 'bold'): Promise<Buffer> {
  fonts[weight] ??= readFile(path.join(fontDir, weight === 'regular' ? '400Regular/NotoSansSC_400Regular.ttf' : '700Bold/NotoSansSC_700Bold.ttf'));
  return fonts[weight]!;
}

// fontkit applies the font's 'locl' substitution to digits that follow Latin letters, and the PDF then spaces those digits
// at the wrong width ("INV2 0 2 6"): the default glyphs are the right ones for every language here.
const FONT_OPTIONS = { subset: false, features: { locl: false } };
const CAPITALS = '零壹贰叁肆伍陆柒捌玖拾佰仟万亿元角分整';
const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
/** The ink, muted and rule colours (pdf-lib loads when the first PDF is made). */
const colours = (rgb: typeof import('pdf-lib').rgb) => ({ INK: rgb(0.12, 0.14, 0.18), MUTED: rgb(0.42, 0.45, 0.5), RULE: rgb(0.55, 0.35, 0.3) });

// control characters never reach the page (they have no glyph and could confuse text extraction)
const clean = (s: string | null | undefined) => (s ?? '').replace(/[\u0000-\u001f\u007f]/g, ' ').trim();

function shanghai(d: Date | null): string {
  if (!d) return '';
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Shanghai',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
    })
      .formatToParts(d)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** Breaks text into lines no wider than `width`: CJK at any character, Latin at spaces (a single over-long word is cut). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const tokens = text.match(/[A-Za-z0-9\u00c0-\u024f'’.,:;!?()\-/@&+#%]+\s*|\s+|./gsu) ?? [];
  const out: string[] = [];
  let line = '';
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  for (const tok of tokens) {
    if (fits(line + tok)) {
      line += tok;
      continue;
    }
    if (line.trim()) out.push(line.trimEnd());
    let rest = tok.trimStart();
    while (rest && !fits(rest)) {
      let n = rest.length - 1;
      while (n > 1 && !fits(rest.slice(0, n))) n--;
      out.push(rest.slice(0, n));
      rest = rest.slice(n);
    }
    line = rest;
  }
  if (line.trim()) out.push(line.trimEnd());
  return out.length ? out : [''];
}

/** Noto Sans SC regular and bold cut to `chars` (HarfBuzz) and embedded in `doc` — for other PDFs of the site (the yearly audit). */
export async function embedNotoSans(doc: PDFDocument, chars: string): Promise<{ regular: PDFFont; bold: PDFFont }> {
  const [fontkit, subsetFont] = await Promise.all([loadFontkit(), loadSubsetFont()]);
  doc.registerFontkit(fontkit);
  const set = [...new Set(chars + ' 0123456789')].join('');
  const regular = await doc.embedFont(await subsetFont(await fontBytes('regular'), set, { targetFormat: 'truetype' }), FONT_OPTIONS);
  const bold = await doc.embedFont(await subsetFont(await fontBytes('bold'), set, { targetFormat: 'truetype' }), FONT_OPTIONS);
  return { regular, bold };
}

/** Renders the invoice as an A4 PDF with embedded Chinese glyphs; the item table runs onto further pages when long. */
export async function renderInvoicePdf(input: InvoicePdfInput): Promise<Uint8Array> {
  const L = (k: string) => input.labels[k] ?? k;
  const [{ PDFDocument, rgb }, fontkit, subsetFont] = await Promise.all([loadPdfLib(), loadFontkit(), loadSubsetFont()]);
  const { INK, MUTED, RULE } = colours(rgb);
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(`${L('title')} ${input.invoiceNo}`);
  // the amount it states, readable without rendering (viewers show it; tests compare it with staff's list)
  doc.setSubject(`${input.orderNo} ${L('total')} ${formatYuan(input.totalFen)}`);
  doc.setCreator('robotics-portal');
  doc.setProducer('robotics-portal');
  doc.setCreationDate(input.issuedAt);
  // Only the glyphs this invoice uses are embedded, so it stays small. HarfBuzz cuts the subset: pdf-lib's own subsetting
  // (fontkit) drops most CJK glyphs of Noto Sans SC when rendered (text still extracts, the page shows blanks).
  const chars = [...new Set(JSON.stringify(input) + CAPITALS + fenToChineseCapital(input.totalFen) + ' 0123456789¥,.:/-·')].join('');
  const regular = await doc.embedFont(await subsetFont(await fontBytes('regular'), chars, { targetFormat: 'truetype' }), FONT_OPTIONS);
  const bold = await doc.embedFont(await subsetFont(await fontBytes('bold'), chars, { targetFormat: 'truetype' }), FONT_OPTIONS);

  const contentWidth = A4[0] - MARGIN * 2;
  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;

  const text = (s: string, x: number, yy: number, opts: { size?: number; font?: PDFFont; color?: ReturnType<typeof rgb> } = {}) =>
    page.drawText(s, { x, y: yy, size: opts.size ?? 10, font: opts.font ?? regular, color: opts.color ?? INK });
  const rightText = (s: string, right: number, yy: number, size = 10, font = regular) => text(s, right - font.widthOfTextAtSize(s, size), yy, { size, font });
  const hr = (yy: number, thickness = 0.8) => page.drawLine({ start: { x: MARGIN, y: yy }, end: { x: A4[0] - MARGIN, y: yy }, thickness, color: RULE });
  const newPage = () => {
    page = doc.addPage(A4);
    y = A4[1] - MARGIN;
    text(`${L('invoiceNo')}: ${input.invoiceNo}`, MARGIN, y, { size: 9, color: MUTED });
    y -= 24;
  };

  // title and the invoice's own numbers
  const title = clean(L('title'));
  text(title, (A4[0] - bold.widthOfTextAtSize(title, 20)) / 2, y - 20, { size: 20, font: bold, color: RULE });
  y -= 34;
  const sub = `${L(input.kind === 'special' ? 'kindSpecial' : 'kindOrdinary')} · ${L(input.titleType === 'company' ? 'typeCompany' : 'typePersonal')}`;
  text(sub, (A4[0] - regular.widthOfTextAtSize(sub, 10)) / 2, y - 4, { size: 10, color: MUTED });
  y -= 26;
  const meta: [string, string][] = [
    [L('invoiceNo'), input.invoiceNo],
    [L('issuedAt'), shanghai(input.issuedAt)],
    [L('orderNo'), input.orderNo],
    [L('paidAt'), shanghai(input.paidAt)],
  ];
  for (let i = 0; i < meta.length; i += 2) {
    for (let j = 0; j < 2 && i + j < meta.length; j++) {
      const [k, v] = meta[i + j]!;
      const x = MARGIN + j * (contentWidth / 2);
      text(`${k}:`, x, y, { size: 9, color: MUTED });
      text(v, x + regular.widthOfTextAtSize(`${k}: `, 9) + 4, y, { size: 10 });
    }
    y -= 16;
  }
  y -= 4;
  hr(y, 1.2);
  y -= 18;

  // buyer and seller side by side
  const colW = contentWidth / 2 - 8;
  const party = (x: number, heading: string, rows: [string, string][]) => {
    let yy = y;
    text(heading, x, yy, { size: 11, font: bold });
    yy -= 16;
    for (const [k, v] of rows) {
      if (!v) continue;
      const label = `${k}: `;
      const lw = Math.min(regular.widthOfTextAtSize(label, 9) + 2, colW * 0.45);
      text(label, x, yy, { size: 9, color: MUTED });
      for (const l of wrap(v, regular, 10, colW - lw)) {
        text(l, x + lw, yy, { size: 10 });
        yy -= 14;
      }
    }
    return yy;
  };
  const buyerRows: [string, string][] = [
    [L(input.titleType === 'company' ? 'typeCompany' : 'typePersonal'), clean(input.companyName)],
    [L('taxNo'), clean(input.taxNo)],
    [L('address'), [clean(input.registeredAddress), clean(input.registeredPhone)].filter(Boolean).join(' ')],
    [L('bank'), [clean(input.bank), clean(input.bankAccount)].filter(Boolean).join(' ')],
  ];
  const sellerRows: [string, string][] = [
    [L('seller'), clean(input.seller.name)],
    [L('taxNo'), clean(input.seller.taxNo)],
    [L('address'), clean(input.seller.address)],
    [L('bank'), clean(input.seller.bank)],
  ];
  const yBuyer = party(MARGIN, L('buyer'), buyerRows);
  const ySeller = party(MARGIN + contentWidth / 2 + 8, L('seller'), sellerRows);
  y = Math.min(yBuyer, ySeller) - 6;
  hr(y);
  y -= 20;

  // item table
  const cols = { qty: MARGIN + contentWidth * 0.62, unit: MARGIN + contentWidth * 0.8, amount: A4[0] - MARGIN };
  const nameWidth = contentWidth * 0.55;
  const header = () => {
    text(L('item'), MARGIN, y, { size: 9, font: bold });
    rightText(L('quantity'), cols.qty, y, 9, bold);
    rightText(L('unitPrice'), cols.unit, y, 9, bold);
    rightText(L('amount'), cols.amount, y, 9, bold);
    y -= 8;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: A4[0] - MARGIN, y }, thickness: 0.5, color: MUTED });
    y -= 14;
  };
  header();
  for (const line of input.lines) {
    const nameLines = wrap(clean(line.name), regular, 10, nameWidth);
    if (y - nameLines.length * 14 < MARGIN + 90) {
      newPage();
      header();
    }
    rightText(String(line.quantity), cols.qty, y);
    rightText(formatYuan(line.unitFen), cols.unit, y);
    rightText(formatYuan(line.amountFen), cols.amount, y);
    for (const l of nameLines) {
      text(l, MARGIN, y);
      y -= 14;
    }
    y -= 2;
  }
  if (y < MARGIN + 90) newPage();
  hr(y + 6);
  y -= 12;
  text(L('total'), MARGIN, y, { size: 11, font: bold });
  rightText(formatYuan(input.totalFen), cols.amount, y, 12, bold);
  y -= 18;
  text(`${L('totalInWords')}: `, MARGIN, y, { size: 9, color: MUTED });
  text(fenToChineseCapital(input.totalFen), MARGIN + regular.widthOfTextAtSize(`${L('totalInWords')}: `, 9) + 4, y, { size: 11 });
  y -= 26;

  // where a paper invoice goes (special VAT invoices are posted)
  for (const [k, v] of [
    [L('contact'), clean(input.contact)],
    [L('receivingAddress'), clean(input.receivingAddress)],
  ] as const) {
    if (!v) continue;
    if (y < MARGIN + 30) newPage();
    const label = `${k}: `;
    const lw = regular.widthOfTextAtSize(label, 9) + 4;
    text(label, MARGIN, y, { size: 9, color: MUTED });
    for (const l of wrap(v, regular, 10, contentWidth - lw)) {
      text(l, MARGIN + lw, y);
      y -= 14;
    }
  }

  const pages = doc.getPages();
  pages.forEach((p, i) => {
    page = p;
    text(clean(L('footer')), MARGIN, MARGIN - 20, { size: 8, color: MUTED });
    if (pages.length > 1) rightText(`${i + 1} / ${pages.length}`, A4[0] - MARGIN, MARGIN - 20, 8);
  });
  return doc.save();
}
