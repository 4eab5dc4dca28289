import { and, asc, count, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { loadSharp } from '../../lib/lazy-libs';
import type { Lang } from '@rp/shared';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { certificates, leaders, teamMembers, teams, volunteers } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { isValidKey } from '../../lib/storage';
import { findUpload } from '../uploads/index';
import { presentCertificates, subjectExtras } from './awards.service';
import { certificateProblems } from './templates.service';

/**
 * The certificate lookups (issue 13): a coach's leader awards (spec 7.6), one certificate's detail, a family's
 * lookup by team number and a name (spec 7.4), the promotion vouchers of a member's teams, the staff list;
 * every list says which pictures cannot be made yet (spec 8.2).
 */
type CertRow = typeof certificates.$inferSelect;

/** Certificates as the reader sees them, each with its problem (no template, a coach without a photo) or null. */
export async function withProblems(db: Db, rows: CertRow[], lang: Lang) {
  const views = await presentCertificates(db, rows, lang);
  const leaderIds = rows.map((r) => r.leaderId).filter((v): v is number => v !== null);
  const photos = leaderIds.length
    ? new Map(
        (await db.select({ id: leaders.id, photoUrl: leaders.photoUrl }).from(leaders).where(inArray(leaders.id, leaderIds))).map((l) => [l.id, l.photoUrl]),
      )
    : new Map<number, string | null>();
  const problems = await certificateProblems(
    db,
    views.map((v, i) => ({ id: v.id, activityId: v.activityId, kind: v.kind, photoUrl: rows[i]!.leaderId ? photos.get(rows[i]!.leaderId!) : null })),
  );
  return views.map((v) => ({ ...v, problem: problems.get(v.id) ?? null }));
}

/** The leader awards of the caller's coaches (leaders the account keeps), in one activity or all. */
export async function leaderCertificates(db: Db, userId: number, activityId: number | undefined, lang: Lang) {
  const rows = await db
    .select({ c: certificates })
    .from(certificates)
    .innerJoin(leaders, eq(leaders.id, certificates.leaderId))
    .where(and(eq(leaders.userId, userId), eq(certificates.status, 'valid'), activityId ? eq(certificates.activityId, activityId) : undefined))
    .orderBy(desc(certificates.id))
    .limit(500);
  return withProblems(
    db,
    rows.map((r) => r.c),
    lang,
  );
}

/** The valid certificates an account holds through its teams, players, coaches or volunteering (plus `extra`). */
function ownedQuery(db: Db, userId: number, extra?: ReturnType<typeof eq>) {
  return db
    .select({ c: certificates })
    .from(certificates)
    .leftJoin(teams, eq(teams.id, certificates.teamId))
    .leftJoin(teamMembers, eq(teamMembers.id, certificates.memberId))
    .leftJoin(leaders, eq(leaders.id, certificates.leaderId))
    .leftJoin(volunteers, eq(volunteers.id, certificates.volunteerId))
    .where(
      and(
        extra,
        eq(certificates.status, 'valid'),
        or(eq(teams.userId, userId), eq(teamMembers.userId, userId), eq(leaders.userId, userId), eq(volunteers.userId, userId)),
      ),
    );
}

/** One of the caller's certificates by its code, with the subject's photo and the picture's problem; anyone else's is a 404. */
export async function certificateDetail(db: Db, userId: number, code: string, lang: Lang) {
  const [hit] = await ownedQuery(db, userId, eq(certificates.certCode, code));
  if (!hit) throw new AppError('CERT_NOT_FOUND');
  const [view] = await withProblems(db, [hit.c], lang);
  const extra = await subjectExtras(db, hit.c);
  return { ...view!, photoUrl: extra.photoUrl };
}

/** The valid certificates of a team, of some of its players and of its coach, oldest first. */
function teamValid(db: Db, teamId: number, memberIds: number[], leaderId: number | null) {
  return db
    .select()
    .from(certificates)
    .where(
      and(
        eq(certificates.status, 'valid'),
        or(
          eq(certificates.teamId, teamId),
          memberIds.length ? inArray(certificates.memberId, memberIds) : undefined,
          leaderId ? eq(certificates.leaderId, leaderId) : undefined,
        ),
      ),
    )
    .orderBy(asc(certificates.id));
}

const norm = (s: string) => s.normalize('NFKC').replace(/\s+/g, '').toLowerCase();

/**
 * A family's lookup (spec 7.4 findByTeamCodeAndPLaceHolder): the team number and the name of one of its players
 * or its coach. Both must match, or the answer is the same 404 as for an unknown number (nothing to learn by
 * trying); the certificates of the team and of the named person, without promotion vouchers.
 */
export async function placeholderCertificates(db: Db, teamCode: string, placeHolder: string, lang: Lang) {
  const [team] = await db.select({ id: teams.id, leaderId: teams.leaderId }).from(teams).where(eq(teams.number, teamCode)).limit(1);
  const notFound = () => new AppError('CERT_LOOKUP_MISS');
  if (!team) throw notFound();
  const wanted = norm(placeHolder);
  const members = await db.select({ id: teamMembers.id, name: teamMembers.name }).from(teamMembers).where(eq(teamMembers.teamId, team.id));
  const member = members.find((m) => norm(m.name) === wanted);
  let leaderId: number | null = null;
  if (!member && team.leaderId) {
    const [l] = await db.select({ id: leaders.id, name: leaders.name }).from(leaders).where(eq(leaders.id, team.leaderId));
    if (l && norm(l.name) === wanted) leaderId = l.id;
  }
  if (!member && !leaderId) throw notFound();
  const rows = await teamValid(db, team.id, member ? [member.id] : [], leaderId);
  return (await withProblems(db, rows, lang)).map((v) => ({ ...v, voucher: null }));
}

/** The promotion vouchers of the caller's teams in an activity (spec 7.4 team award code). */
export async function teamVouchers(db: Db, userId: number, activityId: number, lang: Lang) {
  const rows = await db
    .select({ c: certificates })
    .from(certificates)
    .innerJoin(teams, eq(teams.id, certificates.teamId))
    .where(and(eq(teams.userId, userId), eq(certificates.activityId, activityId), eq(certificates.status, 'valid'), isNotNull(certificates.voucher)))
    .orderBy(asc(certificates.id));
  const views = await presentCertificates(
    db,
    rows.map((r) => r.c),
    lang,
  );
  return views.map((v, i) => ({
    teamId: rows[i]!.c.teamId!,
    teamName: v.teamName ?? v.name,
    awardName: v.awardName,
    voucher: v.voucher!,
    certCode: v.certCode,
  }));
}

/** The staff's list of an activity's certificates (valid, void or all), newest first. */
export async function activityCertificates(db: Db, q: { activityId: number; status: 'valid' | 'void' | 'all'; page: number; size: number }, lang: Lang) {
  const where = and(eq(certificates.activityId, q.activityId), q.status === 'all' ? undefined : eq(certificates.status, q.status));
  const [total] = await db.select({ n: count() }).from(certificates).where(where);
  const rows = await db
    .select()
    .from(certificates)
    .where(where)
    .orderBy(desc(certificates.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return { total: Number(total?.n ?? 0), rows: await withProblems(db, rows, lang) };
}

/**
 * The picture proxy (spec 7.7): one of this site's public pictures (a /files/public/… address, relative or on this
 * site's origin), resized, as a data URL — for drawing on a canvas without a cross-origin taint. Anything else
 * (another site, a private file, a made-up key) is refused: the server never fetches what a caller names.
 */
export async function pictureBase64(
  deps: Pick<AppDeps, 'database' | 'storage'>,
  input: { pictureUrl: string; width?: number; height?: number; fit: 'cover' | 'contain' | 'inside' },
  base: string,
) {
  let pathname: string;
  try {
    const u = new URL(input.pictureUrl, base);
    if (u.origin !== new URL(base).origin) throw new Error('elsewhere');
    pathname = decodeURIComponent(u.pathname);
  } catch {
    throw new AppError('PICTURE_NOT_OURS', { field: 'pictureUrl' });
  }
  const key = /^\/files\/(public\/.+)$/.exec(pathname)?.[1];
  const upload = key && isValidKey(key) ? await findUpload(deps as AppDeps, key) : null;
  if (!key || !upload || !upload.mime.startsWith('image/')) throw new AppError('PICTURE_NOT_OURS', { field: 'pictureUrl' });
  const data = await deps.storage.read(key);
  const sharp = await loadSharp();
  const { data: png, info } = await sharp(data, { limitInputPixels: 40_000_000 })
    .resize({ width: input.width, height: input.height, fit: input.fit, withoutEnlargement: true })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { base64: `data:image/png;base64,${png.toString('base64')}`, width: info.width, height: info.height };
}

/** The certificates of the caller's team and of its players (spec findTeamCertCode); another's team is a 404. */
export async function teamCertificates(db: Db, userId: number, teamId: number, lang: Lang) {
  const [team] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.userId, userId)));
  if (!team) throw new AppError('TEAM_NOT_FOUND');
  const members = await db.select({ id: teamMembers.id }).from(teamMembers).where(eq(teamMembers.teamId, teamId));
  const rows = await teamValid(
    db,
    teamId,
    members.map((m) => m.id),
    null,
  );
  return withProblems(db, rows, lang);
}

/** Every valid certificate of the account: its teams and players, its coaches, its volunteering. */
export async function myCertificates(db: Db, userId: number, lang: Lang) {
  const rows = await ownedQuery(db, userId)
    .orderBy(sql`${certificates.id} desc`)
    .limit(500);
  return withProblems(
    db,
    rows.map((r) => r.c),
    lang,
  );
}
