import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

const statements = new WeakMap<Database, string>();

/**
 * A fingerprint of every table that holds data (rate-limit counters and sessions left out): per table its row
 * count and the md5 of its rows in order, in ONE statement (the table list is read once per database). The
 * permission and ownership tables take one before and after every refused call: one statement each instead of
 * one per table (~100) is most of what those walks cost on PGlite.
 */
export async function digestTables(database: Database): Promise<string> {
  let statement = statements.get(database);
  if (!statement) {
    const r = await database.db.execute(
      sql`select tablename from pg_tables where schemaname = 'public' and tablename not in ('kv', 'sessions') order by tablename`,
    );
    const names = ((r as { rows: { tablename: string }[] }).rows ?? []).map((x) => x.tablename);
    const quote = (n: string) => `"${n.replace(/"/g, '""')}"`;
    const literal = (n: string) => `'${n.replace(/'/g, "''")}'`;
    statement = `select ${names
      .map((n) => `(select ${literal(n)} || ':' || count(*) || ':' || md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from ${quote(n)} t)`)
      .join(` || E'\\n' || `)} as digest`;
    statements.set(database, statement);
  }
  const res = await database.db.execute(sql.raw(statement));
  return (res as unknown as { rows: { digest: string }[] }).rows[0]!.digest;
}
