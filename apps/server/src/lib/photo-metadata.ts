import { crc32 } from 'node:zlib';
import type { ImageType } from './images';

/**
 * Album originals are downloadable by anyone who sees the picture, so what a camera or phone wrote into
 * them must not tell where a child was. This keeps orientation and capture time and drops everything
 * else (GPS, XMP, IPTC, maker notes, comments, embedded previews), without re-encoding: the pixels stay
 * exactly as uploaded.
 *
 * JPEG: the Exif APP1 is replaced by a minimal one; XMP, IPTC and other APPn segments, comments and
 * anything after the image (MPF previews, vendor trailers) are dropped; JFIF, ICC profile and Adobe
 * colour segments stay. PNG: eXIf is replaced, text chunks dropped. WebP: EXIF is replaced, XMP dropped.
 * GIF: comment and XMP application extensions dropped. Null when the file's structure is not what these
 * formats say (the caller then re-encodes instead: never is a file kept as it came).
 */
export function stripLocation(data: Buffer, type: ImageType): Buffer | null {
  switch (type) {
    case 'jpeg':
      return stripJpeg(data);
    case 'png':
      return stripPng(data);
    case 'webp':
      return stripWebp(data);
    case 'gif':
      return stripGif(data);
  }
}

/** The tags an original keeps: how to turn it, and when it was taken. */
export interface KeptTags {
  orientation?: number;
  dateTime?: string;
  dateTimeOriginal?: string;
  dateTimeDigitized?: string;
  offsetTimeOriginal?: string;
  subSecTimeOriginal?: string;
}

const TAG = {
  orientation: 0x0112,
  dateTime: 0x0132,
  exifIfd: 0x8769,
  gpsIfd: 0x8825,
  dateTimeOriginal: 0x9003,
  dateTimeDigitized: 0x9004,
  offsetTimeOriginal: 0x9011,
  subSecTimeOriginal: 0x9291,
} as const;

const TYPE_SIZE: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8 };

/** Reads the kept tags from a TIFF structure (the body of an Exif block); nothing on a damaged one. */
export function readKeptTags(tiff: Buffer): KeptTags {
  const out: KeptTags = {};
  try {
    const le = tiff.toString('latin1', 0, 2) === 'II';
    if (!le && tiff.toString('latin1', 0, 2) !== 'MM') return out;
    const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
    const u32 = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
    if (u16(2) !== 42) return out;
    const entries = (ifd: number) => {
      const n = u16(ifd);
      const list: { tag: number; type: number; count: number; at: number }[] = [];
      for (let i = 0; i < n && i < 512; i++) {
        const e = ifd + 2 + i * 12;
        const type = u16(e + 2);
        const count = u32(e + 4);
        const size = (TYPE_SIZE[type] ?? 1) * count;
        list.push({ tag: u16(e), type, count, at: size <= 4 ? e + 8 : u32(e + 8) });
      }
      return list;
    };
    const ascii = (x: { type: number; count: number; at: number }) => {
      if (x.type !== 2 || x.count > 64 || x.at + x.count > tiff.length) return undefined;
      const s = tiff.toString('latin1', x.at, x.at + x.count).replace(/\0.*$/s, '');
      return /^[\x20-\x7e]*$/.test(s) && s ? s : undefined;
    };
    const ifd0 = entries(u32(4));
    for (const x of ifd0) {
      if (x.tag === TAG.orientation && x.type === 3) {
        const v = u16(x.at);
        if (v >= 1 && v <= 8) out.orientation = v;
      } else if (x.tag === TAG.dateTime) out.dateTime = ascii(x);
      else if (x.tag === TAG.exifIfd && (x.type === 4 || x.type === 13)) {
        for (const y of entries(u32(x.at))) {
          if (y.tag === TAG.dateTimeOriginal) out.dateTimeOriginal = ascii(y);
          else if (y.tag === TAG.dateTimeDigitized) out.dateTimeDigitized = ascii(y);
          else if (y.tag === TAG.offsetTimeOriginal) out.offsetTimeOriginal = ascii(y);
          else if (y.tag === TAG.subSecTimeOriginal) out.subSecTimeOriginal = ascii(y);
        }
      }
    }
  } catch {
    // a damaged Exif block keeps nothing
  }
  for (const k of Object.keys(out) as (keyof KeptTags)[]) if (out[k] === undefined) delete out[k];
  return out;
}

/** A minimal little-endian TIFF with only the kept tags (null when there is nothing to keep). */
export function buildTiff(t: KeptTags): Buffer | null {
  type Entry = { tag: number; short?: number; text?: string };
  const ifd0: Entry[] = [];
  const exif: Entry[] = [];
  if (t.orientation) ifd0.push({ tag: TAG.orientation, short: t.orientation });
  if (t.dateTime) ifd0.push({ tag: TAG.dateTime, text: t.dateTime });
  if (t.dateTimeOriginal) exif.push({ tag: TAG.dateTimeOriginal, text: t.dateTimeOriginal });
  if (t.dateTimeDigitized) exif.push({ tag: TAG.dateTimeDigitized, text: t.dateTimeDigitized });
  if (t.offsetTimeOriginal) exif.push({ tag: TAG.offsetTimeOriginal, text: t.offsetTimeOriginal });
  if (t.subSecTimeOriginal) exif.push({ tag: TAG.subSecTimeOriginal, text: t.subSecTimeOriginal });
  if (!ifd0.length && !exif.length) return null;
  const ifdSize = (n: number) => 2 + n * 12 + 4;
  const ifd0Count = ifd0.length + (exif.length ? 1 : 0);
  const ifd0At = 8;
  const exifAt = ifd0At + ifdSize(ifd0Count);
  let dataAt = exifAt + (exif.length ? ifdSize(exif.length) : 0);
  const parts: Buffer[] = [];
  const head = Buffer.alloc(dataAt);
  head.write('II', 0, 'latin1');
  head.writeUInt16LE(42, 2);
  head.writeUInt32LE(ifd0At, 4);
  const writeIfd = (at: number, list: Entry[], exifPointer: number | null) => {
    const all = [...list.map((e) => ({ ...e, pointer: undefined as number | undefined }))];
    if (exifPointer !== null) all.push({ tag: TAG.exifIfd, pointer: exifPointer });
    all.sort((a, b) => a.tag - b.tag);
    head.writeUInt16LE(all.length, at);
    all.forEach((e, i) => {
      const o = at + 2 + i * 12;
      head.writeUInt16LE(e.tag, o);
      if (e.pointer !== undefined) {
        head.writeUInt16LE(4, o + 2);
        head.writeUInt32LE(1, o + 4);
        head.writeUInt32LE(e.pointer, o + 8);
      } else if (e.short !== undefined) {
        head.writeUInt16LE(3, o + 2);
        head.writeUInt32LE(1, o + 4);
        head.writeUInt16LE(e.short, o + 8);
      } else {
        const bytes = Buffer.from(`${e.text!}\0`, 'latin1');
        head.writeUInt16LE(2, o + 2);
        head.writeUInt32LE(bytes.length, o + 4);
        if (bytes.length <= 4) bytes.copy(head, o + 8);
        else {
          head.writeUInt32LE(dataAt, o + 8);
          const padded = bytes.length % 2 ? Buffer.concat([bytes, Buffer.alloc(1)]) : bytes;
          parts.push(padded);
          dataAt += padded.length;
        }
      }
    });
    head.writeUInt32LE(0, at + 2 + all.length * 12); // no next IFD (no thumbnail)
  };
  writeIfd(ifd0At, ifd0, exif.length ? exifAt : null);
  if (exif.length) writeIfd(exifAt, exif, null);
  return Buffer.concat([head, ...parts]);
}

const EXIF_HEADER = Buffer.from('Exif\0\0', 'latin1');

function stripJpeg(data: Buffer): Buffer | null {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8) return null;
  const keep: Buffer[] = [];
  let kept: KeptTags = {};
  let app0: Buffer | null = null;
  let i = 2;
  while (i + 2 <= data.length) {
    if (data[i] !== 0xff) return null; // not a marker where one must be
    const marker = data[i + 1]!;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) {
      keep.push(data.subarray(i, i + 2)); // EOI: anything after it (MPF previews, vendor trailers) is dropped
      break;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      keep.push(data.subarray(i, i + 2)); // markers without a length
      i += 2;
      continue;
    }
    if (i + 4 > data.length) return null;
    const len = data.readUInt16BE(i + 2);
    if (len < 2 || i + 2 + len > data.length) return null;
    const seg = data.subarray(i, i + 2 + len);
    if (marker === 0xe1 && seg.subarray(4, 10).equals(EXIF_HEADER)) kept = { ...kept, ...readKeptTags(seg.subarray(10)) };
    else if (marker === 0xe0 && !app0 && !keep.length) app0 = seg;
    else if (marker === 0xe2 && seg.toString('latin1', 4, 16) === 'ICC_PROFILE\0') keep.push(seg);
    else if (marker === 0xee)
      keep.push(seg); // Adobe: colour transform
    else if ((marker >= 0xe0 && marker <= 0xef) || marker === 0xfe) {
      // other APPn (XMP, IPTC, MPF, maker data) and comments: dropped
    } else if (marker === 0xda) {
      // start of scan: copy the header and the entropy-coded data up to the next real marker
      let j = i + 2 + len;
      while (j + 1 < data.length && !(data[j] === 0xff && data[j + 1] !== 0x00 && !(data[j + 1]! >= 0xd0 && data[j + 1]! <= 0xd7))) j++;
      keep.push(data.subarray(i, j));
      i = j;
      continue;
    } else keep.push(seg);
    i += 2 + len;
  }
  const tiff = buildTiff(kept);
  const exif = tiff ? segment(0xe1, Buffer.concat([EXIF_HEADER, tiff])) : null;
  return Buffer.concat([data.subarray(0, 2), ...(app0 ? [app0] : []), ...(exif ? [exif] : []), ...keep]);
}

function segment(marker: number, body: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

function pngChunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])));
  return Buffer.concat([head, body, crc]);
}

function stripPng(data: Buffer): Buffer | null {
  if (data.length < 8) return null;
  const out: Buffer[] = [data.subarray(0, 8)];
  let kept: KeptTags = {};
  let i = 8;
  let placed = false;
  const chunks: { type: string; raw: Buffer }[] = [];
  while (i + 12 <= data.length) {
    const len = data.readUInt32BE(i);
    const type = data.toString('latin1', i + 4, i + 8);
    if (i + 12 + len > data.length) return null;
    const raw = data.subarray(i, i + 12 + len);
    if (type === 'eXIf') {
      const body = raw.subarray(8, 8 + len);
      kept = { ...kept, ...readKeptTags(body.subarray(0, 6).equals(EXIF_HEADER) ? body.subarray(6) : body) };
    } else if (type !== 'tEXt' && type !== 'zTXt' && type !== 'iTXt') chunks.push({ type, raw });
    i += 12 + len;
    if (type === 'IEND') break;
  }
  const tiff = buildTiff(kept);
  for (const c of chunks) {
    if (!placed && tiff && (c.type === 'IDAT' || c.type === 'IEND')) {
      out.push(pngChunk('eXIf', tiff));
      placed = true;
    }
    out.push(c.raw);
  }
  return Buffer.concat(out);
}

function stripWebp(data: Buffer): Buffer | null {
  if (data.length < 12 || data.toString('latin1', 0, 4) !== 'RIFF' || data.toString('latin1', 8, 12) !== 'WEBP') return null;
  const chunks: { type: string; raw: Buffer }[] = [];
  let kept: KeptTags = {};
  let i = 12;
  while (i + 8 <= data.length) {
    const type = data.toString('latin1', i, i + 4);
    const len = data.readUInt32LE(i + 4);
    const padded = len + (len % 2);
    if (i + 8 + len > data.length) return null;
    const raw = data.subarray(i, Math.min(data.length, i + 8 + padded));
    if (type === 'EXIF') {
      const body = raw.subarray(8, 8 + len);
      kept = readKeptTags(body.subarray(0, 6).equals(EXIF_HEADER) ? body.subarray(6) : body);
    } else if (type !== 'XMP ') chunks.push({ type, raw: Buffer.from(raw) });
    i += 8 + padded;
  }
  const vp8x = chunks.find((c) => c.type === 'VP8X');
  if (!vp8x) return rebuildRiff(chunks); // a simple WebP carries no metadata
  const tiff = buildTiff(kept);
  vp8x.raw[8] = (vp8x.raw[8]! & ~0x0c) | (tiff ? 0x08 : 0); // EXIF and XMP flags
  if (tiff) {
    const head = Buffer.alloc(8);
    head.write('EXIF', 0, 'latin1');
    head.writeUInt32LE(tiff.length, 4);
    chunks.push({ type: 'EXIF', raw: Buffer.concat([head, tiff, Buffer.alloc(tiff.length % 2)]) });
  }
  return rebuildRiff(chunks);
}

function rebuildRiff(chunks: { raw: Buffer }[]): Buffer {
  const body = Buffer.concat(chunks.map((c) => c.raw));
  const head = Buffer.alloc(12);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(body.length + 4, 4);
  head.write('WEBP', 8, 'latin1');
  return Buffer.concat([head, body]);
}

function stripGif(data: Buffer): Buffer | null {
  if (data.length < 13) return null;
  const out: Buffer[] = [];
  let i = 13;
  const flags = data[10]!;
  if (flags & 0x80) i += 3 * (1 << ((flags & 0x07) + 1));
  out.push(data.subarray(0, i));
  const subBlocks = (from: number) => {
    let j = from;
    while (j < data.length && data[j] !== 0) j += data[j]! + 1;
    return j + 1;
  };
  while (i < data.length) {
    const b = data[i]!;
    if (b === 0x3b) {
      out.push(data.subarray(i, i + 1));
      break;
    }
    if (b === 0x21) {
      const label = data[i + 1]!;
      const next = subBlocks(i + 2);
      const isXmp = label === 0xff && data.toString('latin1', i + 3, i + 14) === 'XMP DataXMP';
      if (label !== 0xfe && !isXmp) out.push(data.subarray(i, next));
      i = next;
    } else if (b === 0x2c) {
      let j = i + 10;
      const f = data[i + 9]!;
      if (f & 0x80) j += 3 * (1 << ((f & 0x07) + 1));
      const next = subBlocks(j + 1);
      out.push(data.subarray(i, next));
      i = next;
    } else return null; // unknown block
  }
  return Buffer.concat(out);
}
