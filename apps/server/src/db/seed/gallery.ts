import { eq, sql } from 'drizzle-orm';
import { loadSharp } from '../../lib/lazy-libs';
import type { Db } from '../client';
import { consoles, officialFiles, photos, pictures, uploads } from '../schema/index';
import type { Storage } from '../../lib/storage';
import { newKey } from '../../lib/storage';
import { processImage } from '../../lib/images';

const TEAMS = ['雄鹰队', 'Falcons', '星火队', 'Robo Lions', '极光队'];
const PROGRAMS = ['机器人创意赛', '技能相扑赛', '女子消防机器人赛'];

/** A demo photo: a coloured scene drawn with SVG (no fixtures, no network). */
async function demoPhoto(i: number): Promise<Buffer> {
  const hue = (i * 47) % 360;
  const w = i % 5 === 0 ? 1200 : 1600;
  const h = i % 5 === 0 ? 1600 : 1067;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},65%,45%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},70%,25%)"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${w * 0.7}" cy="${h * 0.35}" r="${Math.min(w, h) * 0.18}" fill="rgba(255,255,255,0.18)"/>
    <rect x="${w * 0.2}" y="${h * 0.55}" width="${w * 0.25}" height="${h * 0.2}" rx="24" fill="rgba(255,255,255,0.25)"/>
    <circle cx="${w * 0.26}" cy="${h * 0.77}" r="${h * 0.04}" fill="rgba(0,0,0,0.35)"/><circle cx="${w * 0.39}" cy="${h * 0.77}" r="${h * 0.04}" fill="rgba(0,0,0,0.35)"/>
  </svg>`;
  return (await loadSharp())(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/**
 * Demo galleries with real processed pictures, and downloadable rule files. `activityOf(year)` names the
 * activity a season's galleries and rule files belong to (null: none), so files land under their own season.
 */
export async function seedGallery(db: Db, storage: Storage, year: number, activityOf: (year: number) => number | null): Promise<void> {
  const specs = [
    {
      nameZh: `${year - 1} 上海站精彩瞬间`,
      nameEn: `${year - 1} Shanghai highlights`,
      year: year - 1,
      filterEnabled: true,
      watermark: 'IYRC',
      albums: [
        ['开幕式', 'Opening ceremony', 14],
        ['比赛日', 'Competition day', 24],
      ] as const,
    },
    {
      nameZh: `${year} 春季邀请赛`,
      nameEn: `${year} Spring invitational`,
      year,
      filterEnabled: false,
      watermark: '',
      albums: [['全部照片', 'All photos', 10]] as const,
    },
  ];
  let i = 0;
  for (const s of specs) {
    const logoKey = newKey('public/images', 'jpg');
    const logo = await processImage(await demoPhoto(i + 100));
    await storage.put(logoKey, logo.display);
    await db
      .insert(uploads)
      .values({ key: logoKey, fileName: 'logo.jpg', size: logo.display.length, mime: 'image/jpeg', width: logo.width, height: logo.height });
    const [c] = await db
      .insert(consoles)
      .values({
        nameZh: s.nameZh,
        nameEn: s.nameEn,
        descriptionZh: '来自赛场的精彩瞬间：选手、队伍与机器人。',
        descriptionEn: 'Moments from the arena: players, teams and their robots.',
        logo: logoKey,
        cover: logoKey,
        year: s.year,
        filterEnabled: s.filterEnabled,
        watermark: s.watermark,
        activityId: activityOf(s.year),
      })
      .returning();
    for (const [k, [zh, en, n]] of s.albums.entries()) {
      const [p] = await db.insert(photos).values({ consoleId: c!.id, nameZh: zh, nameEn: en, sort: k }).returning();
      for (let j = 0; j < n; j++, i++) {
        const original = await demoPhoto(i);
        const img = await processImage(original, { watermark: s.watermark || undefined });
        const keys = { originalKey: newKey('originals', 'jpg'), displayKey: newKey('public/pictures', 'jpg'), thumbKey: newKey('public/thumbs', 'webp') };
        await Promise.all([storage.put(keys.originalKey, original), storage.put(keys.displayKey, img.display), storage.put(keys.thumbKey, img.thumb)]);
        await db.insert(pictures).values({
          photoId: p!.id,
          name: `IMG_${String(1000 + i)}.jpg`,
          ...keys,
          width: img.width,
          height: img.height,
          bytes: original.length,
          teamName: TEAMS[i % TEAMS.length]!,
          memberName: `选手 ${(i % 12) + 1}`,
          programName: PROGRAMS[i % PROGRAMS.length]!,
          takenAt: new Date(Date.UTC(s.year, 4, 10, 9) + i * 97_000),
        });
      }
      await db
        .update(photos)
        .set({ pictureCount: sql`(select count(*) from pictures where photo_id = ${p!.id})` })
        .where(eq(photos.id, p!.id));
    }
  }

  // Rule files: a small real PDF each, filed under its season's activity (the last one under none).
  for (const [yr, zh, en, general] of [
    [year, `${year} 赛事规则总则`, `${year} General rules`, false],
    [year, `${year} 技能相扑赛规则`, `${year} Skill-based sumo rules`, false],
    [year - 1, `${year - 1} 赛事规则总则`, `${year - 1} General rules`, false],
    [year, '参赛行为守则', 'Code of conduct', true],
  ] as const) {
    const pdf = minimalPdf(en);
    const key = newKey('public/files', 'pdf');
    await storage.put(key, pdf);
    await db.insert(uploads).values({ key, fileName: `${en}.pdf`, size: pdf.length, mime: 'application/pdf' });
    await db.insert(officialFiles).values({
      activityId: general ? null : activityOf(yr),
      year: yr,
      titleZh: zh,
      titleEn: en,
      fileKey: key,
      fileName: `${en}.pdf`,
      fileSize: pdf.length,
      mime: 'application/pdf',
    });
  }
}

/** A valid one-page PDF with a line of text. */
export function minimalPdf(text: string): Buffer {
  const safe = text.replace(/[()\\]/g, '');
  const stream = `BT /F1 24 Tf 72 720 Td (${safe}) Tj ET`;
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
