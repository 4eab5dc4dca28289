import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { inject } from 'vitest';

/**
 * Fills `dir` (a PGlite data directory, e.g. DATA_DIR/pglite of a server or a script a test starts) with the run's
 * migrated snapshot (pglite-snapshot.ts), as a site already set up has it: opening it migrates nothing (a new
 * directory costs every migration, about 5 CPU-seconds). Server project only.
 */
export function unpackMigratedPglite(dir: string) {
  const snapshot = inject('pgliteSnapshot');
  if (!snapshot) throw new Error('no pgliteSnapshot: run through the server project of vitest.config.ts');
  fs.mkdirSync(dir, { recursive: true });
  const r = spawnSync('tar', ['-xf', snapshot, '-C', dir], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`tar -xf ${snapshot}: ${r.stderr}`);
}
