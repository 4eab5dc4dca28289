import { sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema/index';
import { useTestApp } from '../test/context';

/**
 * Issue 21, finding 8: every state column of the database refuses a value outside its union. Table-driven
 * from the schema itself: each text column typed with a union (packages/shared/src/states.ts) is tried
 * with each of its values and with one outside it, against the column's real CHECK constraint (read from
 * the database and put on a scratch table of that one column). A state-like column without a union fails
 * the first test.
 */
const t = useTestApp();

const tables = (Object.values(schema) as unknown[]).filter((x): x is PgTable => x instanceof PgTable);
const stateColumns = tables.flatMap((table) => {
  const cfg = getTableConfig(table);
  return cfg.columns.filter((c) => (c.enumValues?.length ?? 0) > 0).map((c) => ({ table: cfg.name, column: c.name, values: c.enumValues as string[] }));
});

describe('state columns', () => {
  it('every status, kind, result, channel and scene column has a union', () => {
    const named = tables.flatMap((table) => {
      const cfg = getTableConfig(table);
      return cfg.columns
        .filter((c) => /^(status|kind|result|channel|scene|title_type|close_reason)$/.test(c.name) && c.getSQLType() === 'text')
        .map((c) => `${cfg.name}.${c.name}`);
    });
    expect(named.length).toBeGreaterThan(25);
    expect(named.filter((n) => !stateColumns.some((s) => `${s.table}.${s.column}` === n))).toEqual([]);
  });

  it.each(stateColumns.map((s) => [`${s.table}.${s.column}`, s] as const))('%s takes its values and refuses any other', async (_name, s) => {
    const { db } = t().database;
    const scratch = `scratch_${s.table}_${s.column}`;
    // the column's own constraint only (other checks of the table would refuse the scratch rows for their own reasons)
    const name = `${s.table}_${s.column}_ck`;
    const found = (await db.execute(
      sql`select pg_get_constraintdef(oid) as def from pg_constraint where conname = ${name} and conrelid = ${s.table}::regclass`,
    )) as unknown as { rows: { def: string }[] };
    expect(found.rows, `${name}: the CHECK constraint of ${s.table}.${s.column}`).toHaveLength(1);
    await db.execute(sql.raw(`create temp table ${scratch} ("${s.column}" text)`));
    try {
      await db.execute(sql.raw(`alter table ${scratch} add constraint ${name} ${found.rows[0]!.def.replaceAll(`${s.table}.`, '')}`));
      for (const v of s.values) await db.execute(sql.raw(`insert into ${scratch} ("${s.column}") values ('${v}')`));
      for (const bad of ['bogus', s.values[0]!.toUpperCase(), `${s.values[0]} `, ''])
        await expect(db.execute(sql.raw(`insert into ${scratch} ("${s.column}") values ('${bad.replace(/'/g, "''")}')`))).rejects.toMatchObject({
          cause: expect.objectContaining({ code: '23514' }),
        });
    } finally {
      await db.execute(sql.raw(`drop table if exists ${scratch}`));
    }
  });
});
