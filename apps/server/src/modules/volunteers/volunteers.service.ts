import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { ADULT_AGE, ageFromDate, translate, type Lang, type VolunteerApplyBody, type VolunteerState } from '@rp/shared';
import type { Db, Tx } from '../../db/client';
import { activities, messages, users, volunteerPositions, volunteers } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { assertOwnPrivateFile } from '../uploads/index';

/**
 * Volunteers (issue 12): one application per person and activity while the activity's volunteer switch is
 * on; a minor needs a guardian and their consent; staff move it through spec 4.3's states and the person is
 * told by a system message.
 */

const pick = (lang: Lang, zh: string, en: string) => (lang === 'en' ? en || zh : zh || en);
/** A unique-index violation of `constraint` (PostgreSQL 23505; drizzle wraps the driver's error as its cause). */
function uniqueViolation(e: unknown, constraint: string): boolean {
  for (let err = e as { code?: string; constraint?: string; cause?: unknown } | undefined; err; err = err.cause as typeof err)
    if (err.code === '23505' && err.constraint === constraint) return true;
  return false;
}

export async function volunteerPage(db: Db, userId: number, activityId: number, lang: Lang) {
  const [a] = await db.select().from(activities).where(eq(activities.id, activityId));
  if (!a) throw new AppError('ACTIVITY_NOT_FOUND');
  const positions = await db
    .select({
      p: volunteerPositions,
      taken: sql<number>`(select count(*)::int from volunteers v where coalesce(v.assigned_position_id, v.position_id) = ${volunteerPositions.id}
        and v.status in ('preGrouped', 'admitted', 'reassigned', 'confirmed'))`,
    })
    .from(volunteerPositions)
    .where(eq(volunteerPositions.activityId, activityId))
    .orderBy(asc(volunteerPositions.sort), asc(volunteerPositions.id));
  const [mine] = await mineOf(db, userId, lang, activityId);
  return {
    open: a.volunteerEnabled,
    activityName: pick(lang, a.nameZh, a.nameEn),
    positions: positions.map(({ p, taken }) => ({
      id: p.id,
      name: pick(lang, p.nameZh, p.nameEn),
      description: pick(lang, p.descriptionZh, p.descriptionEn),
      quota: p.quota,
      taken: Number(taken),
    })),
    mine: mine ?? null,
  };
}

/** The person's applications (the user center), newest first; one activity's with `activityId`. */
export async function mineOf(db: Db, userId: number, lang: Lang, activityId?: number) {
  const rows = await db
    .select({
      v: volunteers,
      a: { nameZh: activities.nameZh, nameEn: activities.nameEn },
      pos: { nameZh: volunteerPositions.nameZh, nameEn: volunteerPositions.nameEn },
    })
    .from(volunteers)
    .innerJoin(activities, eq(activities.id, volunteers.activityId))
    .leftJoin(volunteerPositions, eq(volunteerPositions.id, sql`coalesce(${volunteers.assignedPositionId}, ${volunteers.positionId})`))
    .where(and(eq(volunteers.userId, userId), activityId ? eq(volunteers.activityId, activityId) : undefined))
    .orderBy(desc(volunteers.id))
    .limit(50);
  return rows.map(({ v, a, pos }) => ({
    id: v.id,
    activityId: v.activityId,
    activityName: pick(lang, a.nameZh, a.nameEn),
    positionId: v.assignedPositionId ?? v.positionId,
    positionName: pos ? pick(lang, pos.nameZh, pos.nameEn) : '',
    groupName: v.groupName,
    status: v.status as VolunteerState,
    createdAt: v.createdAt.toISOString(),
  }));
}

export async function apply(db: Db, userId: number, b: VolunteerApplyBody, lang: Lang) {
  const [a] = await db.select().from(activities).where(eq(activities.id, b.activityId));
  if (!a) throw new AppError('ACTIVITY_NOT_FOUND');
  if (!a.volunteerEnabled) throw new AppError('VOLUNTEER_CLOSED');
  const [pos] = await db
    .select({ id: volunteerPositions.id })
    .from(volunteerPositions)
    .where(and(eq(volunteerPositions.id, b.positionId), eq(volunteerPositions.activityId, b.activityId)));
  if (!pos) throw new AppError('VALIDATION_FAILED', { fieldErrors: { positionId: 'validation.invalidOption' } });
  const age = ageFromDate(b.birthDate, new Date());
  if (age < 5 || age > 100) throw new AppError('VALIDATION_FAILED', { fieldErrors: { birthDate: 'validation.invalid' } });
  if (age < ADULT_AGE) {
    const bad: Record<string, 'volunteer.guardianNeeded'> = {};
    if (!b.guardianName) bad.guardianName = 'volunteer.guardianNeeded';
    if (!/^1[3-9]\d{9}$/.test(b.guardianPhone)) bad.guardianPhone = 'volunteer.guardianNeeded';
    if (!b.guardianConsent) bad.guardianConsent = 'volunteer.guardianNeeded';
    if (Object.keys(bad).length) throw new AppError('VALIDATION_FAILED', { fieldErrors: bad, message: 'volunteer.guardianNeeded' });
  }
  await assertOwnPrivateFile(db, userId, b.resume, { field: 'resume', folders: ['attachments'] });
  try {
    await db.insert(volunteers).values({
      activityId: b.activityId,
      userId,
      positionId: b.positionId,
      name: b.name,
      phone: b.phone,
      email: b.email,
      birthDate: b.birthDate,
      availability: b.availability,
      experience: b.experience,
      resume: b.resume || null,
      guardianName: age < ADULT_AGE ? b.guardianName : '',
      guardianPhone: age < ADULT_AGE ? b.guardianPhone : '',
      guardianConsent: age < ADULT_AGE && b.guardianConsent,
    });
  } catch (e) {
    // one application per person and activity, also when two arrive at once (the unique index decides)
    if (uniqueViolation(e, 'volunteers_one_per_activity_uq')) throw new AppError('VOLUNTEER_ALREADY');
    throw e;
  }
  const [mine] = await mineOf(db, userId, lang, b.activityId);
  return mine!;
}

/** After staff change an application: the person is told (system message), and an admitted volunteer gets the role. */
export async function afterVolunteerChange(tx: Tx, before: Record<string, unknown> | null, after: Record<string, unknown> | null) {
  if (!before || !after || before.status === after.status) return;
  const status = after.status as VolunteerState;
  const [a] = await tx
    .select({ nameZh: activities.nameZh, nameEn: activities.nameEn })
    .from(activities)
    .where(eq(activities.id, after.activityId as number));
  const label = (lang: Lang) => translate(lang, `volunteer.state.${status}` as never);
  await tx.insert(messages).values({
    receiverId: after.userId as number,
    type: 1,
    titleZh: translate('zh', 'volunteer.noticeTitle'),
    titleEn: translate('en', 'volunteer.noticeTitle'),
    contentZh: translate('zh', 'volunteer.noticeBody', { activity: a?.nameZh ?? '', state: label('zh') }),
    contentEn: translate('en', 'volunteer.noticeBody', { activity: a?.nameEn || a?.nameZh || '', state: label('en') }),
    publisherZh: translate('zh', 'consult.staff'),
    publisherEn: translate('en', 'consult.staff'),
  });
  if (status === 'admitted' || status === 'confirmed')
    await tx
      .update(users)
      .set({ roles: sql`array_append(${users.roles}, 'volunteer')` })
      .where(and(eq(users.id, after.userId as number), sql`not ('volunteer' = any(${users.roles}))`));
}
