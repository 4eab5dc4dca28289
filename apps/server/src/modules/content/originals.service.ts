import { and, asc, eq, gt } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { pictures } from '../../db/schema/index';
import { cleanOriginal, isImageType, sniff } from '../../lib/images';

interface Log {
  info(o: object, msg: string): void;
  warn(o: object, msg: string): void;
}

/**
 * The one-off step for album originals stored before location stripping (migration 0004 marks them
 * unclean): each is read from the store, cleaned (GPS and the rest dropped, orientation and capture time
 * kept), written back under its key and marked clean. Until then the original route does not serve it.
 * Runs in the background at start on every instance; doing a picture twice is harmless (the same bytes).
 * A file that cannot be read as an image stays unclean (never served) and is named in the log by id.
 */
export async function cleanStoredOriginals(deps: Pick<AppDeps, 'database' | 'storage'>, log?: Log, batch = 50): Promise<{ cleaned: number; failed: number }> {
  const { db } = deps.database;
  let after = 0;
  let cleaned = 0;
  let failed = 0;
  for (;;) {
    const rows = await db
      .select({ id: pictures.id, key: pictures.originalKey })
      .from(pictures)
      .where(and(eq(pictures.originalClean, false), gt(pictures.id, after)))
      .orderBy(asc(pictures.id))
      .limit(batch);
    if (!rows.length) break;
    for (const r of rows) {
      after = r.id;
      try {
        const o = await deps.storage.open(r.key);
        if (!o) {
          // nothing stored: nothing to leak (the route answers 404 for a missing file anyway)
          await db.update(pictures).set({ originalClean: true }).where(eq(pictures.id, r.id));
          continue;
        }
        const chunks: Buffer[] = [];
        for await (const c of o.body) chunks.push(c as Buffer);
        const data = Buffer.concat(chunks);
        const type = sniff(data);
        if (!isImageType(type)) throw new Error('not an image');
        const clean = await cleanOriginal(data, type);
        if (!clean.equals(data)) await deps.storage.put(r.key, clean);
        await db.update(pictures).set({ originalClean: true, bytes: clean.length }).where(eq(pictures.id, r.id));
        cleaned++;
      } catch {
        failed++;
        log?.warn({ pictureId: r.id }, 'album original could not be cleaned of its metadata; it stays unserved');
      }
    }
  }
  if (cleaned || failed) log?.info({ cleaned, failed }, 'album originals cleaned of location metadata');
  return { cleaned, failed };
}
