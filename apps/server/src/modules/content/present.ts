import { ACTIVITY_STATUS, type Lang } from '@rp/shared';
import type { activities, news, programs } from '../../db/schema/index';

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

export function presentActivity(lang: Lang, a: typeof activities.$inferSelect, now = new Date()) {
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

export function presentNews(lang: Lang, n: typeof news.$inferSelect) {
  return {
    id: n.id,
    title: pick(lang, n.titleZh, n.titleEn),
    summary: pick(lang, n.summaryZh, n.summaryEn),
    coverUrl: fileUrl(n.cover),
    publishedAt: n.publishedAt.toISOString(),
  };
}
