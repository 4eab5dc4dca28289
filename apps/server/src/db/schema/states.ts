import { sql } from 'drizzle-orm';
import { check, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A state column's CHECK constraint: only the values of its union (packages/shared/src/states.ts) are
 * stored, whatever path writes them. The values are constants of the code, never input, so they are
 * written into the constraint as literals.
 */
export function oneOf(name: string, column: AnyPgColumn, values: readonly string[]) {
  for (const v of values) if (!/^[A-Za-z]+$/.test(v)) throw new Error(`state value ${v} of ${name}: letters only`);
  return check(name, sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`);
}

/**
 * An integer state or type column's CHECK (issue 36): only the numbers of its constant
 * (packages/shared/src/int-states.ts). db/states.test.ts finds every such column by introspection.
 */
export function oneOfInts(name: string, column: AnyPgColumn, values: readonly number[]) {
  for (const v of values) if (!Number.isInteger(v)) throw new Error(`state value ${v} of ${name}: integers only`);
  return check(name, sql`${column} in (${sql.raw(values.join(', '))})`);
}
