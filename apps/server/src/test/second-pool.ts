import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import type { TestContext } from './context';

/**
 * PostgreSQL tier: a second pool on the test file's database — a second instance, as two servers sharing
 * one database are. Returns a getter filled in once the file's app is ready; closed after the file.
 */
export function useSecondPool(t: () => TestContext): () => Database {
  let b: Database | undefined;
  beforeAll(async () => {
    for (;;) {
      try {
        t();
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    b = await openDatabase({ url: t().url!, migrate: false });
  });
  afterAll(async () => {
    await b?.close();
  });
  return () => b!;
}
