import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { childCommandLines } from '../test/processes';

/**
 * Issue 39: a new data directory's initdb runs in a child process that exits when done (its few hundred MB of
 * WebAssembly memory and PGlite's malloc go back to the system with it); the server then opens the directory.
 */
describe('a new PGlite data directory', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });

  it('is made by initdb in a child process, then opened here with the small-site settings', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-initdb-'));
    dirs.push(dir);
    // the child processes seen while it opens (/proc: each thread's children)
    const seen = new Set<string>();
    const watch = setInterval(() => {
      for (const [pid, cmdline] of childCommandLines()) if (cmdline.includes('PGlite')) seen.add(pid);
    }, 20);
    const database = await openDatabase({ dataDir: path.join(dir, 'pglite'), migrate: false }).finally(() => clearInterval(watch));
    try {
      expect(fs.existsSync(path.join(dir, 'pglite/PG_VERSION'))).toBe(true);
      const res = (await database.db.execute(sql.raw('show shared_buffers'))) as unknown as { rows: { shared_buffers: string }[] };
      expect(res.rows[0]?.shared_buffers).toBe('16MB');
      // a process of its own did it (in a worker thread its isolate and PGlite's malloc stayed in this process)
      expect(seen.size).toBe(1);
    } finally {
      await database.close();
    }
  });
});
