/** A pick-list row: an activity or a session (GET /api/admin/options/…). */
interface Named {
  id: number;
  nameZh: string;
  nameEn: string;
}

const nameIn = (row: Named, lang: string) => (lang === 'en' ? row.nameEn || row.nameZh : row.nameZh || row.nameEn) || `#${row.id}`;

/**
 * A session as the gate's picker names it (issue 34): its activity, then the session ("East China · Morning"), so
 * sessions of the same name in different activities read apart; the session alone while activities load.
 */
export function sessionLabel(session: Named & { activityId: number | null }, activities: readonly Named[], lang: string): string {
  const activity = activities.find((a) => a.id === session.activityId);
  return activity ? `${nameIn(activity, lang)} · ${nameIn(session, lang)}` : nameIn(session, lang);
}
