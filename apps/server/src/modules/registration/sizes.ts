import type { Tx } from '../../db/client';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { materials, teamMembers } from '../../db/schema/index';
import { AppError } from '../../lib/errors';

/*
 * Stock of clothes sizes (issue 14). A material with quantity 0 is not counted: any number of players
 * may pick it. With quantity > 0, a player who takes the size takes one of `remaining` by ONE
 * conditional UPDATE in the player's transaction — the row lock and PostgreSQL's re-check of the
 * WHERE clause make the last one go to exactly one player on any number of instances. Changing the
 * size gives one back to the old size and takes one of the new; deleting, withdrawing or cancelling
 * the player gives it back. Materials are touched after the players (the lock order of common.ts), in
 * id order. The stock is the player's (registration's); season's admin manages the materials themselves.
 */

/** Takes one of a size, or 409 MATERIAL_OUT_OF_STOCK when none is left. */
export async function takeSize(tx: Tx, materialId: number): Promise<void> {
  const rows = await tx
    .update(materials)
    .set({ remaining: sql`case when ${materials.quantity} > 0 then ${materials.remaining} - 1 else ${materials.remaining} end` })
    .where(and(eq(materials.id, materialId), sql`(${materials.quantity} = 0 or ${materials.remaining} > 0)`))
    .returning({ id: materials.id });
  if (!rows.length) throw new AppError('MATERIAL_OUT_OF_STOCK', { field: 'clothes' });
}

/** Gives `n` of a size back (never past its quantity; sizes not counted stay as they are). */
export async function giveBackSize(tx: Tx, materialId: number, n = 1): Promise<void> {
  await tx
    .update(materials)
    .set({ remaining: sql`least(${materials.quantity}, ${materials.remaining} + ${n})` })
    .where(and(eq(materials.id, materialId), gt(materials.quantity, 0)));
}

/** A player's size changes from `before` to `after` (either may be null): one back, one taken, in id order. */
export async function changeSize(tx: Tx, before: number | null | undefined, after: number | null | undefined): Promise<void> {
  const from = before ?? null;
  const to = after ?? null;
  if (from === to) return;
  if (from !== null && (to === null || from < to)) {
    await giveBackSize(tx, from);
    if (to !== null) await takeSize(tx, to);
  } else {
    await takeSize(tx, to!);
    if (from !== null) await giveBackSize(tx, from);
  }
}

/** Players leaving (deleted, withdrawn, cancelled) give their sizes back, in material id order. */
export async function giveBackSizes(tx: Tx, rows: readonly { clothesId: number | null }[]): Promise<void> {
  const counts = new Map<number, number>();
  for (const r of rows) if (r.clothesId) counts.set(r.clothesId, (counts.get(r.clothesId) ?? 0) + 1);
  for (const id of [...counts.keys()].sort((a, b) => a - b)) await giveBackSize(tx, id, counts.get(id)!);
}

/** Withdrawn or cancelled players: their sizes go back to stock and they no longer hold one. */
export async function releaseSizes(tx: Tx, rows: readonly { id: number; clothesId: number | null }[]): Promise<void> {
  const holding = rows.filter((r) => r.clothesId);
  if (!holding.length) return;
  await giveBackSizes(tx, holding);
  await tx
    .update(teamMembers)
    .set({ clothesId: null })
    .where(
      inArray(
        teamMembers.id,
        holding.map((r) => r.id),
      ),
    );
}
