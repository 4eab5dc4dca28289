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
