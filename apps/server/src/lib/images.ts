import type { Metadata } from 'sharp';
import { loadSharp } from './lazy-libs';
import { AppError } from './errors';
import { stripLocation } from './photo-metadata';

export type ImageType = 'jpeg' | 'png' | 'webp' | 'gif';
export type FileType = ImageType | 'pdf' | 'zip-office' | 'ole-office';

/** What a file is, by its first bytes (never by its name or declared type). */
export function sniff(buf: Buffer): FileType | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf.length >= 12 && buf.toString('ascii', 0, 4) === 'RIFF' && buf.toString('ascii', 8, 12) === 'WEBP') return 'webp';
  if (buf.length >= 6 && (buf.toString('ascii', 0, 6) === 'GIF87a' || buf.toString('ascii', 0, 6) === 'GIF89a')) return 'gif';
  if (buf.length >= 5 && buf.toString('ascii', 0, 5) === '%PDF-') return 'pdf';
  if (buf.length >= 4 && buf[0] === 0x50 && buf[1] === 0x4b && buf[2] === 0x03 && buf[3] === 0x04) return 'zip-office';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))) return 'ole-office';
  return null;
}

const EXT_OF: Record<FileType, string[]> = {
  jpeg: ['jpg', 'jpeg'],
  png: ['png'],
  webp: ['webp'],
  gif: ['gif'],
  pdf: ['pdf'],
  'zip-office': ['docx', 'xlsx', 'pptx', 'zip'],
  'ole-office': ['doc', 'xls', 'ppt'],
};

/** Refuses a file whose extension claims another type than its content (a "lying" upload). */
export function checkExtension(type: FileType, fileName: string): string {
  const ext = (fileName.split('.').pop() ?? '').toLowerCase();
  if (!EXT_OF[type].includes(ext)) throw new AppError('UPLOAD_TYPE_MISMATCH');
  return ext;
}

export function isImageType(t: FileType | null): t is ImageType {
  return t === 'jpeg' || t === 'png' || t === 'webp' || t === 'gif';
}

export interface ProcessedImage {
  display: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

const MAX_PIXELS = 80_000_000; // refuses decompression bombs

function watermarkSvg(text: string, width: number, height: number): Buffer {
  const size = Math.max(14, Math.round(Math.min(width, height) / 28));
  const esc = text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<text x="${width - size}" y="${height - size}" text-anchor="end" font-family="sans-serif" font-size="${size}" ` +
      `fill="#ffffff" fill-opacity="0.75" stroke="#000000" stroke-opacity="0.35" stroke-width="1">${esc}</text></svg>`,
  );
}

/**
 * Re-encodes an uploaded image: a display copy (JPEG, ≤ 2560 px, EXIF orientation applied, metadata
 * stripped, optional watermark) and a WebP thumbnail (480 px wide). The original is kept untouched by
 * the caller for download.
 */
export async function processImage(input: Buffer, opts: { watermark?: string } = {}): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw new AppError('UPLOAD_BROKEN');
  }
  if (!meta.width || !meta.height) throw new AppError('UPLOAD_BROKEN');
  try {
    const base = sharp(input, { limitInputPixels: MAX_PIXELS }).rotate().resize({ width: 2560, height: 2560, fit: 'inside', withoutEnlargement: true });
    const { data: resized, info } = await base.jpeg({ quality: 85, mozjpeg: true }).toBuffer({ resolveWithObject: true });
    const display = opts.watermark
      ? await sharp(resized)
          .composite([{ input: watermarkSvg(opts.watermark, info.width, info.height) }])
          .jpeg({ quality: 85, mozjpeg: true })
          .toBuffer()
      : resized;
    const thumb = await sharp(resized).resize({ width: 480, withoutEnlargement: true }).webp({ quality: 75 }).toBuffer();
    return { display, thumb, width: info.width, height: info.height };
  } catch {
    throw new AppError('UPLOAD_BROKEN');
  }
}

/**
 * The downloadable copy of an album original: the uploaded file with orientation and capture time only
 * (photo-metadata.ts, pixels untouched). A file whose structure the surgery does not follow is re-encoded
 * at high quality with the orientation applied, so no original is ever stored with its location.
 */
export async function cleanOriginal(data: Buffer, type: ImageType): Promise<Buffer> {
  const sharp = await loadSharp();
  const stripped = stripLocation(data, type);
  if (stripped) {
    const ok = await sharp(stripped, { limitInputPixels: MAX_PIXELS })
      .metadata()
      .then((m) => Boolean(m.width && m.height))
      .catch(() => false);
    if (ok) return stripped;
  }
  try {
    const img = sharp(data, { limitInputPixels: MAX_PIXELS, animated: type === 'gif' || type === 'webp' }).rotate();
    if (type === 'png') return await img.png().toBuffer();
    if (type === 'webp') return await img.webp({ quality: 95 }).toBuffer();
    if (type === 'gif') return await img.gif().toBuffer();
    return await img.jpeg({ quality: 95, chromaSubsampling: '4:4:4' }).toBuffer();
  } catch {
    throw new AppError('UPLOAD_BROKEN');
  }
}
