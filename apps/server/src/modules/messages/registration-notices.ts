import { inArray } from 'drizzle-orm';
import { translate, type MessageKey } from '@rp/shared';
import type { Db, Tx } from '../../db/client';
import { activities, type teamMembers, teams } from '../../db/schema/index';
import { bilingual, notify, type Notice } from './notify.service';

type MemberRow = typeof teamMembers.$inferSelect;

/** Names a member notice needs: the activity (both languages) and the team of each player. */
async function namesOf(tx: Tx | Db, rows: Pick<MemberRow, 'activityId' | 'teamId'>[]) {
  const aIds = [...new Set(rows.map((r) => r.activityId))];
  const tIds = [...new Set(rows.map((r) => r.teamId).filter((x): x is number => typeof x === 'number'))];
  const [as, ts] = await Promise.all([
    aIds.length ? tx.select({ id: activities.id, zh: activities.nameZh, en: activities.nameEn }).from(activities).where(inArray(activities.id, aIds)) : [],
    tIds.length ? tx.select({ id: teams.id, name: teams.name }).from(teams).where(inArray(teams.id, tIds)) : [],
  ]);
  return { activity: new Map(as.map((a) => [a.id, { zh: a.zh, en: a.en }])), team: new Map(ts.map((t) => [t.id, t.name])) };
}

/**
 * One message per player to the account that owns it, naming the player, team and activity
 * (`extra` adds the reason, code or refund). Runs inside the caller's transaction.
 */
export async function notifyPlayers(
  tx: Tx | Db,
  rows: Pick<MemberRow, 'userId' | 'name' | 'activityId' | 'teamId'>[],
  title: MessageKey,
  content: MessageKey | ((m: (typeof rows)[number]) => MessageKey),
  extra: (m: (typeof rows)[number]) => Record<string, string | number> = () => ({}),
): Promise<void> {
  if (!rows.length) return;
  const names = await namesOf(tx, rows);
  const notices: Notice[] = rows.map((m) => {
    const team = m.teamId ? names.team.get(m.teamId) : undefined;
    return {
      receiverId: m.userId,
      title,
      content: typeof content === 'function' ? content(m) : content,
      params: bilingual(
        { player: m.name, ...extra(m) },
        {
          activity: names.activity.get(m.activityId) ?? { zh: '', en: '' },
          team: team ? { zh: team, en: team } : { zh: translate('zh', 'notify.noTeam'), en: translate('en', 'notify.noTeam') },
        },
      ),
    };
  });
  await notify(tx, notices);
}

/** "You received N codes" to an account, naming the activities of the codes. */
export async function notifyCodesAssigned(tx: Tx | Db, receiverId: number, codes: { activityId: number }[]): Promise<void> {
  if (!codes.length) return;
  const names = await namesOf(
    tx,
    codes.map((c) => ({ activityId: c.activityId, teamId: null })),
  );
  const list = [...new Set(codes.map((c) => c.activityId))].map((id) => names.activity.get(id) ?? { zh: '', en: '' });
  const one = codes.length === 1;
  await notify(tx, [
    {
      receiverId,
      title: one ? 'notify.codesAssigned.titleOne' : 'notify.codesAssigned.title',
      content: one ? 'notify.codesAssigned.contentOne' : 'notify.codesAssigned.content',
      params: bilingual(
        { count: codes.length },
        { activity: { zh: list.map((a) => a.zh || a.en).join('」「'), en: list.map((a) => a.en || a.zh).join(', ') } },
      ),
    },
  ]);
}
