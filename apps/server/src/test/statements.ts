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

/**
 * Every statement `fn` sends, inside transactions too (PGlite: the client's query and each transaction's; BEGIN
 * and COMMIT are PGlite's own and not counted). Measure one request at a time, as statementsOf.
 */
export async function allStatementsOf(database: Database, fn: () => Promise<unknown>): Promise<string[]> {
  type Q = { query: (...a: unknown[]) => unknown; transaction?: (cb: (tx: Q) => unknown) => unknown };
  const client = (database.db as unknown as { $client: Q }).$client;
  const texts: string[] = [];
  const counted = (q: Q) => {
    const query = q.query;
    q.query = function (this: unknown, ...args: unknown[]) {
      const x = args[0];
      texts.push(String(typeof x === 'string' ? x : (x as { text?: string })?.text).replace(/\s+/g, ' '));
      return query.apply(this, args);
    };
    return query;
  };
  const own = Object.hasOwn(client, 'query');
  const ownTx = Object.hasOwn(client, 'transaction');
  const query = counted(client);
  const transaction = client.transaction!;
  client.transaction = function (this: unknown, cb: (tx: Q) => unknown) {
    return transaction.call(this, (tx: Q) => (counted(tx), cb(tx)));
  };
  try {
    await fn();
  } finally {
    if (own) client.query = query;
    else delete (client as { query?: unknown }).query;
    if (ownTx) client.transaction = transaction;
    else delete (client as { transaction?: unknown }).transaction;
  }
  return texts;
}
