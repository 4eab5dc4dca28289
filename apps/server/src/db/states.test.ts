import { sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as INT from '@rp/shared/int-states';
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

/**
 * Issue 36, item 4: every integer state/type column refuses a number outside its constant
 * (packages/shared/src/int-states.ts). The columns are found in the database itself (information_schema),
 * so a column added later without a check and an entry here fails the first test.
 */
const INT_STATES: Record<string, readonly number[]> = {
  'activities.type': INT.ACTIVITY_TYPES,
  'activities.event_type': INT.EVENT_TYPES,
  'activities.level': INT.ACTIVITY_LEVELS,
  'activities.status': INT.ACTIVITY_STATUSES,
  'programs.type': INT.PROGRAM_TYPES,
  'plans.code_type': INT.CODE_TYPES,
  'materials.type': INT.MATERIAL_TYPES,
  'news.status': INT.SHOWN_STATUSES,
  'partners.type': INT.PARTNER_TYPES,
  'partners.status': INT.SHOWN_STATUSES,
  'official_files.status': INT.SHOWN_STATUSES,
  'consoles.status': INT.SHOWN_STATUSES,
  'photos.status': INT.SHOWN_STATUSES,
  'messages.type': INT.MESSAGE_TYPES,
  'orders.type': INT.ORDER_TYPES,
  'org_applications.type': INT.CHANNEL_TYPES,
  'orgs.type': INT.CHANNEL_TYPES,
  'orgs.status': INT.CHANNEL_STATUSES,
  'org_addresses.status': INT.SHOWN_STATUSES,
  'leaders.status': INT.LEADER_STATUSES,
  'leaders.type': INT.LEADER_TYPES,
  'leaders.collect_status': INT.COLLECT_STATUSES,
  'leaders.review_status': INT.LEADER_REVIEWS,
  'teams.status': INT.TEAM_STATUSES,
  'teams.collect_status': INT.COLLECT_STATUSES,
  'teams.review_status': INT.TEAM_REVIEWS,
  'team_members.card_type': INT.CARD_TYPES,
  'team_members.pay_status': INT.PAY_STATUSES,
  'team_members.status_before_withdraw': INT.PAY_STATUSES,
  'team_members.collect_status': INT.COLLECT_STATUSES,
  'redeem_codes.type': INT.CODE_TYPES,
  'withdrawals.type': INT.WITHDRAWAL_TYPES,
  'lives.status': INT.SHOWN_STATUSES,
  'tickets.type': INT.TICKET_TYPES,
  'users.status': INT.ACCOUNT_STATUSES,
};
/** integer columns named like states that hold something else: HTTP status codes of outside answers */
const NOT_STATES = new Set([
  'webhook_endpoints.last_status_code',
  'webhook_attempts.status_code',
  'sandbox_deliveries.last_status',
  'idempotency_keys.response_status',
]);
const INT_STATE_NAME = /^(status|type|level|kind|state)$|_(status|type|level|kind|state)$|^status_/;

type Rows<T> = { rows: T[] };

describe('integer state columns', () => {
  it('every integer status, type and level column of the database has its constant and a CHECK', async () => {
    const { db } = t().database;
    const found = (await db.execute(
      sql`select table_name || '.' || column_name as name from information_schema.columns
          where table_schema = 'public' and data_type in ('integer', 'smallint', 'bigint') order by 1`,
    )) as unknown as Rows<{ name: string }>;
    const named = found.rows.map((r) => r.name).filter((n) => INT_STATE_NAME.test(n.split('.')[1]!) && !NOT_STATES.has(n));
    expect(named.length).toBeGreaterThanOrEqual(33);
    expect(
      named.filter((n) => !(n in INT_STATES)),
      'add the values to packages/shared/src/int-states.ts, a CHECK (oneOfInts) and a line here',
    ).toEqual([]);
    expect(
      Object.keys(INT_STATES).filter((n) => !named.includes(n)),
      'entries for columns that no longer exist',
    ).toEqual([]);
  });

  it.each(Object.entries(INT_STATES))('%s takes its values and refuses any other number', async (name, values) => {
    const { db } = t().database;
    const [table, column] = name.split('.') as [string, string];
    const ck = `${table}_${column}_ck`;
    const found = (await db.execute(
      sql`select pg_get_constraintdef(oid) as def, convalidated from pg_constraint where conname = ${ck} and conrelid = ${table}::regclass`,
    )) as unknown as Rows<{ def: string; convalidated: boolean }>;
    expect(found.rows, `${ck}: the CHECK constraint of ${name}`).toHaveLength(1);
    expect(found.rows[0]!.convalidated, `${ck} checked the rows already there`).toBe(true);
    const scratch = `scratch_${table}_${column}`;
    await db.execute(sql.raw(`create temp table ${scratch} ("${column}" integer)`));
    try {
      await db.execute(sql.raw(`alter table ${scratch} add constraint ${ck} ${found.rows[0]!.def.replaceAll(`${table}.`, '')}`));
      for (const v of values) await db.execute(sql.raw(`insert into ${scratch} ("${column}") values (${v})`));
      const wrong = [-1, Math.max(...values) + 1, 99, ...Array.from({ length: Math.max(...values) }, (_, i) => i).filter((v) => !values.includes(v))];
      for (const bad of new Set(wrong))
        await expect(db.execute(sql.raw(`insert into ${scratch} ("${column}") values (${bad})`)), `${name} = ${bad}`).rejects.toMatchObject({
          cause: expect.objectContaining({ code: '23514' }),
        });
    } finally {
      await db.execute(sql.raw(`drop table if exists ${scratch}`));
    }
  });
});
