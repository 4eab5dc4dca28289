import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { openDatabase, pgliteSettings } from './client';

/** Issue 39: the embedded PostgreSQL is sized for a small site, and a large one raises it by setting. */
describe('PGlite settings', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('opens with 16MB of shared buffers and 2MB of work memory unless told otherwise', async () => {
    vi.stubEnv('PGLITE_SHARED_BUFFERS', '');
    vi.stubEnv('PGLITE_WORK_MEM', '');
    // the run's migrated snapshot (test/pglite-snapshot.ts), opened the way the server opens its directory
    const database = await openDatabase({ snapshot: new Blob([fs.readFileSync(inject('pgliteSnapshot') as string)]), migrate: false });
    try {
      const show = async (name: string) => {
        const res = (await database.db.execute(sql.raw(`show ${name}`))) as unknown as { rows: Record<string, string>[] };
        return res.rows[0]?.[name];
      };
      expect(await show('shared_buffers')).toBe('16MB');
      expect(await show('work_mem')).toBe('2MB');
    } finally {
      await database.close();
    }
  });

  it('takes a large site’s sizes from PGLITE_SHARED_BUFFERS and PGLITE_WORK_MEM, and refuses what is not a size', () => {
    expect(pgliteSettings({ PGLITE_SHARED_BUFFERS: '256MB', PGLITE_WORK_MEM: '8MB' })).toEqual(['-c', 'shared_buffers=256MB', '-c', 'work_mem=8MB']);
    expect(pgliteSettings({})).toEqual(['-c', 'shared_buffers=16MB', '-c', 'work_mem=2MB']);
    expect(() => pgliteSettings({ PGLITE_SHARED_BUFFERS: '256' })).toThrow(/PGLITE_SHARED_BUFFERS=256/);
    expect(() => pgliteSettings({ PGLITE_WORK_MEM: '1MB; drop' })).toThrow(/PGLITE_WORK_MEM/);
  });
});
