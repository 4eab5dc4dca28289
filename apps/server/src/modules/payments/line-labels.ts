import type { DbOrTx } from '../../db/client';
import { eq, inArray } from 'drizzle-orm';
import { translate, type Lang } from '@rp/shared';
import { type orderItems, plans, tickets, visitors } from '../../db/schema/index';

type Line = Pick<typeof orderItems.$inferSelect, 'id' | 'kind' | 'planId' | 'label'>;

const named = (row: { nameZh: string; nameEn: string }, lang: Lang) => (lang === 'en' ? row.nameEn || row.nameZh : row.nameZh);

/**
 * Order lines in the reader's language (issue 34): the stored label was written in the buyer's language when the
 * order was made, so it is composed again from its parts — a code line is its plan's name, a ticket line is its
 * ticket's name · its visitor's name. A fee line is the player's name (no language). A line whose parts are gone
 * keeps its stored label, as every order made before keeps working.
 */
export async function lineLabels(db: DbOrTx, lines: readonly Line[], lang: Lang): Promise<Map<number, string>> {
  const planIds = [...new Set(lines.filter((l) => l.kind === 'code' && l.planId !== null).map((l) => l.planId!))];
  const ticketLines = lines.filter((l) => l.kind === 'ticket').map((l) => l.id);
  const [planRows, visitorRows] = await Promise.all([
    planIds.length ? db.select({ id: plans.id, nameZh: plans.nameZh, nameEn: plans.nameEn }).from(plans).where(inArray(plans.id, planIds)) : [],
    ticketLines.length
      ? db
          .select({ itemId: visitors.orderItemId, visitor: visitors.name, nameZh: tickets.nameZh, nameEn: tickets.nameEn })
          .from(visitors)
          .innerJoin(tickets, eq(tickets.id, visitors.ticketId))
          .where(inArray(visitors.orderItemId, ticketLines))
      : [],
  ]);
  return new Map(
    lines.map((l) => {
      const plan = l.kind === 'code' ? planRows.find((p) => p.id === l.planId) : undefined;
      const v = l.kind === 'ticket' ? visitorRows.find((x) => x.itemId === l.id) : undefined;
      if (plan) return [l.id, named(plan, lang)];
      if (v) return [l.id, translate(lang, 'order.ticketLine', { ticket: named(v, lang), visitor: v.visitor })];
      return [l.id, l.label];
    }),
  );
}
