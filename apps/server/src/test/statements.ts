import type { Database } from '../db/client';

/**
 * The SQL statements `fn` sends through the database's client outside transactions (PGlite's or the pool's
 * `query`: every drizzle query and db.execute): their texts, so a test can bound what a request costs.
 * Statements run concurrently by anything else on the same database are counted too: measure one request
 * at a time.
 */
export async function statementsOf(database: Database, fn: () => Promise<unknown>): Promise<string[]> {
  const client = (database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const texts: string[] = [];
  const own = Object.hasOwn(client, 'query');
  const query = client.query;
  client.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0];
    texts.push(String(typeof q === 'string' ? q : (q as { text?: string })?.text).replace(/\s+/g, ' '));
    return query.apply(this, args);
  };
  try {
    await fn();
  } finally {
    if (own) client.query = query;
    else delete (client as { query?: unknown }).query;
  }
  return texts;
}
