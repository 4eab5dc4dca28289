import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type fontkit from '@pdf-lib/fontkit';
import type QRCode from 'qrcode';
import { loadFontkit, loadQrCode, loadSharp } from '../../lib/lazy-libs';

/**
 * A certificate as a PNG (spec 2.7): the built-in design, every text set as outlines of Noto Sans SC
 * (the font ships with the project as a dependency, so the picture is the same on every machine and
 * never depends on fonts installed there), a QR code of the public verification address, the certCode.
 * SVG → PNG by sharp (librsvg).
 */
export interface CertificateFace {
  certCode: string;
  kind: 'team' | 'player' | 'leader' | 'volunteer';
  name: string;
  teamName: string | null;
  award: { zh: string; en: string };
  program: { zh: string; en: string } | null;
  activity: { zh: string; en: string };
  issuedAt: Date;
  verifyUrl: string;
  /** the team number (spec 3 certificate data: code) */
  code?: string | null;
}

/** A placed field of an uploaded template (shared schema templateField). */
export interface PlacedField {
  key: 'name' | 'teamName' | 'activityName' | 'awardName' | 'programName' | 'code' | 'certCode' | 'date' | 'qr' | 'photo';
  x: number;
  y: number;
  size: number;
  color: string;
  align: 'left' | 'center' | 'right';
  lang: 'zh' | 'en';
  bold: boolean;
}

const require = createRequire(import.meta.url);
const fontDir = path.dirname(require.resolve('@expo-google-fonts/noto-sans-sc/package.json'));
type Font = ReturnType<typeof fontkit.create>;
const fonts: Partial<Record<'regular' | 'bold', Promise<Font>>> = {};
function font(weight: 'regular' | 'bold'): Promise<Font> {
  fonts[weight] ??= readFile(path.join(fontDir, weight === 'regular' ? '400Regular/NotoSansSC_400Regular.ttf' : '700Bold/NotoSansSC_700Bold.ttf')).then(
    async (b) => (await loadFontkit()).create(b),
  );
  return fonts[weight]!;
}

export const CERT_WIDTH = 1600;
export const CERT_HEIGHT = 1131;
const INK = '#1f2937';
const MUTED = '#4b5563';
const GOLD = '#a16207';
const NAVY = '#1e3a8a';

const clean = (s: string | null | undefined) => (s ?? '').replace(/[\u0000-\u001f\u007f]/g, ' ').trim();

/** One line of text as a path, scaled down to fit maxWidth; align by its anchor. */
function textPath(
  f: Font,
  raw: string,
  o: { x: number; y: number; size: number; fill: string; align?: 'left' | 'center' | 'right'; maxWidth?: number },
): string {
  const text = clean(raw);
  if (!text) return '';
  const run = f.layout(text, { locl: false } as never);
  let width = 0;
  for (const p of run.positions) width += p.xAdvance;
  let scale = o.size / f.unitsPerEm;
  if (o.maxWidth && width * scale > o.maxWidth) scale = o.maxWidth / width;
  const drawn = width * scale;
  const left = o.align === 'center' ? o.x - drawn / 2 : o.align === 'right' ? o.x - drawn : o.x;
  let pen = 0;
  let d = '';
  run.glyphs.forEach((g, i) => {
    const pos = run.positions[i]!;
    // fontkit's Path has commands and translate() at runtime; its type declarations leave them out
    const glyphPath = g.path as unknown as { commands: unknown[]; translate(x: number, y: number): { toSVG(): string } };
    if (glyphPath.commands.length) d += glyphPath.translate(pen + pos.xOffset, pos.yOffset).toSVG();
    pen += pos.xAdvance;
  });
  return `<path fill="${o.fill}" transform="translate(${left.toFixed(2)} ${o.y}) scale(${scale.toFixed(5)} ${(-scale).toFixed(5)})" d="${d}"/>`;
}

const KIND_TITLE: Record<CertificateFace['kind'], { zh: string; en: string }> = {
  team: { zh: '荣誉证书', en: 'Certificate of Award' },
  player: { zh: '荣誉证书', en: 'Certificate of Award' },
  leader: { zh: '优秀指导教师', en: 'Outstanding Coach' },
  volunteer: { zh: '志愿服务证书', en: 'Certificate of Volunteer Service' },
};

/** The QR code of a link as one SVG path inside a white square of `size` pixels at (x, y). */
function qrSvg(qrcode: typeof QRCode, url: string, x: number, y: number, size: number): string {
  const qr = qrcode.create(url, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const cell = size / (n + 8);
  let rects = '';
  for (let j = 0; j < n; j++)
    for (let i = 0; i < n; i++)
      if (qr.modules.get(i, j))
        rects += `M${((i + 4) * cell).toFixed(2)} ${((j + 4) * cell).toFixed(2)}h${cell.toFixed(2)}v${cell.toFixed(2)}h-${cell.toFixed(2)}z`;
  return `<rect x="${x}" y="${y}" width="${size}" height="${size}" fill="#fff"/><path transform="translate(${x} ${y})" fill="#000" d="${rects}"/>`;
}

const beijingDate = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);

/** The text a template field prints for a certificate, in the field's language. */
export function fieldText(c: CertificateFace, f: Pick<PlacedField, 'key' | 'lang'>): string {
  switch (f.key) {
    case 'name':
      return c.name;
    case 'teamName':
      return c.teamName ?? '';
    case 'activityName':
      return c.activity[f.lang];
    case 'awardName':
      return c.award[f.lang];
    case 'programName':
      return c.program?.[f.lang] ?? '';
    case 'code':
      return c.code ?? '';
    case 'certCode':
      return c.certCode;
    case 'date':
      return beijingDate(c.issuedAt);
    default:
      return '';
  }
}

/** A photo box is as wide as the field's size and 7/5 as high (a passport photo). */
export const photoBox = (f: Pick<PlacedField, 'x' | 'y' | 'size'>) => ({ left: f.x, top: f.y, width: f.size, height: Math.round((f.size * 7) / 5) });

/**
 * A certificate on an uploaded template: the background at its stored size, each placed field drawn at its
 * point (texts: (x, y) is the baseline anchor; QR code and photo: their top-left corner), the photo cut to its box.
 */
export async function templatePng(
  t: { background: Buffer; width: number; height: number; fields: readonly PlacedField[] },
  c: CertificateFace,
  photo: Buffer | null,
): Promise<Buffer> {
  const [regular, bold, qrcode, sharp] = await Promise.all([font('regular'), font('bold'), loadQrCode(), loadSharp()]);
  const parts: string[] = [];
  for (const f of t.fields) {
    if (f.key === 'qr') parts.push(qrSvg(qrcode, c.verifyUrl, f.x, f.y, f.size));
    else if (f.key === 'photo') continue;
    else
      parts.push(
        textPath(f.bold ? bold : regular, fieldText(c, f), {
          x: f.x,
          y: f.y,
          size: f.size,
          fill: f.color,
          align: f.align,
          // a text never runs off the picture: it shrinks to the room on its anchored side
          maxWidth: f.align === 'center' ? 2 * Math.min(f.x, t.width - f.x) : f.align === 'left' ? t.width - f.x : f.x,
        }),
      );
  }
  const overlay = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${t.width}" height="${t.height}">${parts.join('')}</svg>`);
  const layers: { input: Buffer; left: number; top: number }[] = [];
  const photoField = t.fields.find((f) => f.key === 'photo');
  if (photoField && photo) {
    const box = photoBox(photoField);
    const w = Math.min(box.width, t.width - box.left);
    const h = Math.min(box.height, t.height - box.top);
    if (w > 0 && h > 0)
      layers.push({
        input: await sharp(photo, { limitInputPixels: 40_000_000 }).rotate().resize(w, h, { fit: 'cover' }).png().toBuffer(),
        left: box.left,
        top: box.top,
      });
  }
  layers.push({ input: overlay, left: 0, top: 0 });
  return sharp(t.background, { limitInputPixels: 40_000_000 })
    .resize(t.width, t.height, { fit: 'fill' })
    .composite(layers)
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/** The certificate's SVG (exported for tests that read its texts). */
export async function certificateSvg(c: CertificateFace): Promise<string> {
  const [regular, bold, qrcode] = await Promise.all([font('regular'), font('bold'), loadQrCode()]);
  const W = CERT_WIDTH;
  const H = CERT_HEIGHT;
  const cx = W / 2;
  const title = KIND_TITLE[c.kind];
  const qr = qrcode.create(c.verifyUrl, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const cell = Math.floor(200 / (n + 8));
  const qrSize = cell * (n + 8);
  let rects = '';
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) if (qr.modules.get(x, y)) rects += `M${(x + 4) * cell} ${(y + 4) * cell}h${cell}v${cell}h-${cell}z`;
  const qrX = W - 150 - qrSize;
  const qrY = H - 130 - qrSize;
  // the organisers' calendar day (Beijing time)
  const date = beijingDate(c.issuedAt);
  const subject = c.kind === 'player' && c.teamName ? `${c.name}（${c.teamName}）` : c.name;
  const parts = [
    `<rect width="${W}" height="${H}" fill="#fffdf7"/>`,
    `<rect x="36" y="36" width="${W - 72}" height="${H - 72}" fill="none" stroke="${NAVY}" stroke-width="10"/>`,
    `<rect x="60" y="60" width="${W - 120}" height="${H - 120}" fill="none" stroke="${GOLD}" stroke-width="3"/>`,
    textPath(bold, title.zh, { x: cx, y: 220, size: 92, fill: NAVY, align: 'center' }),
    textPath(regular, title.en, { x: cx, y: 285, size: 40, fill: NAVY, align: 'center' }),
    textPath(bold, subject, { x: cx, y: 430, size: 72, fill: INK, align: 'center', maxWidth: W - 300 }),
    textPath(regular, c.activity.zh, { x: cx, y: 530, size: 36, fill: MUTED, align: 'center', maxWidth: W - 300 }),
    textPath(regular, c.activity.en, { x: cx, y: 580, size: 28, fill: MUTED, align: 'center', maxWidth: W - 300 }),
    c.program ? textPath(regular, `${c.program.zh} · ${c.program.en}`, { x: cx, y: 640, size: 30, fill: MUTED, align: 'center', maxWidth: W - 300 }) : '',
    textPath(bold, c.award.zh, { x: cx, y: 760, size: 80, fill: GOLD, align: 'center', maxWidth: W - 300 }),
    textPath(regular, c.award.en, { x: cx, y: 825, size: 40, fill: GOLD, align: 'center', maxWidth: W - 300 }),
    textPath(regular, `证书编号 Certificate No. ${c.certCode}`, { x: 150, y: H - 190, size: 28, fill: INK }),
    textPath(regular, `颁发日期 Issued ${date}`, { x: 150, y: H - 145, size: 28, fill: INK }),
    textPath(regular, '扫码验证真伪 Scan to verify', { x: qrX + qrSize / 2, y: qrY + qrSize + 34, size: 22, fill: MUTED, align: 'center' }),
    `<rect x="${qrX}" y="${qrY}" width="${qrSize}" height="${qrSize}" fill="#fff"/>`,
    `<path transform="translate(${qrX} ${qrY})" fill="#000" d="${rects}"/>`,
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${parts.join('')}</svg>`;
}

export async function certificatePng(c: CertificateFace): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(await certificateSvg(c)))
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/** Spec 9: the 1st, 4th and 6th values of the certificate data (teamName, activityName, code, awardName, programName, name). */
export function certificateFileName(c: { teamName: string | null; awardName: string; name: string }): string {
  const safe = (s: string | null) =>
    clean(s)
      .replace(/[\\/:*?"<>|]+/g, ' ')
      .trim();
  return `${[safe(c.teamName), safe(c.awardName), safe(c.name)].filter(Boolean).join('_') || 'certificate'}.png`;
}
