import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** How often an instance says it is alive, and how long it is believed after. */
export const BEAT_MS = 30_000;
const ALIVE_SECONDS = 90;

type Row = Record<string, unknown>;
const rows = (result: unknown): Row[] => (Array.isArray(result) ? result : ((result as { rows?: Row[] }).rows ?? [])) as Row[];

/**
 * Several instances on one PostgreSQL database with STORAGE=local (issue 33): a file uploaded through one is
 * missing on the others unless DATA_DIR/uploads is one shared disk. Each instance writes a heartbeat row in
 * the database (kv, `instance:uploads:<id>`) and a marker file of the same id in its uploads folder; an
 * instance whose marker this one cannot see keeps its uploads elsewhere, and is named in one warning (once
 * per instance). Checked at start (`checked`) and every 30 s.
 */
export function watchLocalUploads(db: Db, uploadsDir: string, warn: (fields: object, msg: string) => void): { checked: Promise<void>; stop: () => void } {
  const id = crypto.randomBytes(8).toString('hex');
  const markers = path.join(uploadsDir, '.instances');
  const warned = new Set<string>();
  const beat = async () => {
    // the row first, then the marker: another instance that sees the marker also sees the row
    await db.execute(sql`insert into kv (key, value, expires_at)
      values (${`instance:uploads:${id}`}, ${id}, now() + make_interval(secs => ${ALIVE_SECONDS}))
      on conflict (key) do update set expires_at = excluded.expires_at`);
    fs.mkdirSync(markers, { recursive: true });
    fs.writeFileSync(path.join(markers, id), '');
    const alive = rows(await db.execute(sql`select value from kv where key like 'instance:uploads:%' and expires_at > now()`)).map((r) => String(r.value));
    for (const other of alive) {
      if (other === id || warned.has(other) || fs.existsSync(path.join(markers, other))) continue;
      warned.add(other);
      warn(
        { setting: 'STORAGE', instance: other },
        'STORAGE=local: another instance uses this database but not this DATA_DIR/uploads: a file uploaded through one is missing on the other; use STORAGE=s3 (or one disk shared by every instance)',
      );
    }
  };
  const run = () => beat().catch(() => {}); // the database down: the next beat tries again
  const checked = run();
  const timer = setInterval(run, BEAT_MS);
  timer.unref();
  const stop = () => {
    clearInterval(timer);
    fs.rmSync(path.join(markers, id), { force: true });
  };
  return { checked, stop };
}
