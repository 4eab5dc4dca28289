// vitest globalSetup of the `server` project: migrates one PGlite per run and leaves its data directory
// as a tarball that every test file starts from (useTestApp), instead of each file running initdb and
// every migration again. Made on every run, so it always matches the migrations folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** path of the migrated PGlite data directory tarball (server project) */
    pgliteSnapshot: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-pglite-'));
  const file = path.join(dir, 'migrated.tar');
  // migrated the way the server does it at start-up (openDatabase applies the committed migrations)
  const database = await openDatabase({});
  try {
    fs.writeFileSync(file, Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('pgliteSnapshot', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
