// Seeds one album with BENCH_PICTURES pictures straight in SQL (generate_series), for bench/gallery.mjs.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { consoles, photos } from '../apps/server/src/db/schema/index';

const config = loadConfig();
const n = Number(process.env.BENCH_PICTURES ?? 100_000);
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATABASE_URL ? undefined : path.join(config.dataDir, 'pglite') });
const { db } = database;
const [c] = await db.insert(consoles).values({ nameZh: '压测相册', nameEn: 'Bench album', year: 2026, filterEnabled: true }).returning();
const [p] = await db.insert(photos).values({ consoleId: c!.id, nameZh: '全部', nameEn: 'All', pictureCount: n }).returning();
await db.execute(sql`insert into pictures (photo_id, name, original_key, display_key, thumb_key, width, height, team_name, member_name, program_name, taken_at)
  select ${p!.id}, 'IMG_' || g || '.jpg',
    'originals/2026/01/' || lpad(to_hex(g), 24, '0') || '.jpg',
    'public/pictures/2026/01/' || lpad(to_hex(g), 24, '0') || '.jpg',
    'public/thumbs/2026/01/' || lpad(to_hex(g), 24, '0') || '.webp',
    1600, 1067, 'Team ' || (g % 300), 'Player ' || (g % 5000), 'Program ' || (g % 6),
    timestamptz '2026-05-01 00:00:00+00' + (g / 3) * interval '1 second'
  from generate_series(1, ${n}) g`);
await db.execute(sql`analyze pictures`);
fs.writeFileSync(path.join(config.dataDir, 'bench-photo-id'), String(p!.id));
await database.close();
console.log(`seeded ${n} pictures into album ${p!.id}`);
