import { ACTIVITY_STATUS, type Lang } from '@rp/shared';
import { activities, news, type programs } from '../../db/schema/index';

/** Bilingual text: the visitor's language, falling back to the other when empty. */
export function pick(lang: Lang, zh: string | null | undefined, en: string | null | undefined): string {
  return (lang === 'en' ? en || zh : zh || en) ?? '';
}

export function fileUrl(key: string | null | undefined): string | null {
  return key ? `/files/${key}` : null;
}

export function presentProgram(lang: Lang, p: typeof programs.$inferSelect, activityName: { zh: string; en: string }) {
  return {
    id: p.id,
    activityId: p.activityId,
    activityName: pick(lang, activityName.zh, activityName.en),
    name: pick(lang, p.nameZh, p.nameEn),
    type: p.type,
    maxMembers: p.maxMembers,
    maximum: p.maxMembers,
    minAge: p.minAge,
    maxAge: p.maxAge,
    gender: p.gender,
    intro: pick(lang, p.introZh, p.introEn),
    coverUrl: fileUrl(p.cover),
  };
}

/**
 * The columns presentActivity reads: what an activity list selects (issue 39: not the detailed introductions,
 * the award settings… of every activity in both languages, which the list does not return).
 */
export const activityListColumns = {
  id: activities.id,
  nameZh: activities.nameZh,
  nameEn: activities.nameEn,
  introZh: activities.introZh,
  introEn: activities.introEn,
  venueZh: activities.venueZh,
  venueEn: activities.venueEn,
  poster: activities.poster,
  year: activities.year,
  level: activities.level,
  status: activities.status,
  beginTime: activities.beginTime,
  finishTime: activities.finishTime,
  signUpBegin: activities.signUpBegin,
  signUpEnd: activities.signUpEnd,
  enabled: activities.enabled,
  reviewRequired: activities.reviewRequired,
  promotionZone: activities.promotionZone,
  avatarReferenceImage: activities.avatarReferenceImage,
};
type ActivityListRow = Pick<typeof activities.$inferSelect, keyof typeof activityListColumns>;

export function presentActivity(lang: Lang, a: ActivityListRow, now = new Date()) {
  const open = a.status === ACTIVITY_STATUS.CURRENT && a.enabled && (!a.signUpBegin || a.signUpBegin <= now) && (!a.signUpEnd || a.signUpEnd >= now);
  return {
    id: a.id,
    name: pick(lang, a.nameZh, a.nameEn),
    intro: pick(lang, a.introZh, a.introEn),
    venue: pick(lang, a.venueZh, a.venueEn),
    posterUrl: fileUrl(a.poster),
    year: a.year,
    level: a.level,
    status: a.status,
    beginTime: a.beginTime.toISOString(),
    finishTime: a.finishTime.toISOString(),
    signUpBegin: a.signUpBegin?.toISOString() ?? null,
    signUpEnd: a.signUpEnd?.toISOString() ?? null,
    signUpOpen: open,
    reviewRequired: a.reviewRequired,
    promotionZone: a.promotionZone,
    avatarReferenceImage: a.avatarReferenceImage,
  };
}

/** The columns presentNews reads: what a news list selects (issue 39: not every article's body in both languages). */
export const newsListColumns = {
  id: news.id,
  titleZh: news.titleZh,
  titleEn: news.titleEn,
  summaryZh: news.summaryZh,
  summaryEn: news.summaryEn,
  cover: news.cover,
  publishedAt: news.publishedAt,
};

export function presentNews(lang: Lang, n: Pick<typeof news.$inferSelect, keyof typeof newsListColumns>) {
  return {
    id: n.id,
    title: pick(lang, n.titleZh, n.titleEn),
    summary: pick(lang, n.summaryZh, n.summaryEn),
    coverUrl: fileUrl(n.cover),
    publishedAt: n.publishedAt.toISOString(),
  };
}
