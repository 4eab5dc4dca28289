import { and, eq, inArray, sql } from 'drizzle-orm';
import { loadSharp } from '../../lib/lazy-libs';
import { TEMPLATE_REQUIRED, translate, type Lang } from '@rp/shared';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { activities, awardTemplates, certificates } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { audit } from '../../lib/audit';
import { isValidKey } from '../../lib/storage';
import { findUpload, privateKeyOf } from '../uploads/index';
import { certificateFace } from './awards.service';
import { certificateFileName, certificatePng, photoBox, templatePng, type CertificateFace, type PlacedField } from './certificate-png';

/**
 * Certificate templates (issue 13; spec 7.7 "award templates by activityId and type", spec 9 "an award
 * picture"): per activity and kind of certificate, an uploaded background and the places of the fields.
 * An activity with the award-picture switch draws its certificates on these; without it, the built-in design.
 */
type Kind = 'team' | 'player' | 'leader' | 'volunteer';
type Deps = Pick<AppDeps, 'database' | 'storage'>;

export async function getTemplate(db: Db, activityId: number, kind: Kind) {
  const [row] = await db
    .select()
    .from(awardTemplates)
    .where(and(eq(awardTemplates.activityId, activityId), eq(awardTemplates.kind, kind)));
  return {
    activityId,
    kind,
    background: row?.background ?? null,
    backgroundUrl: row?.background ? `/files/${row.background}` : null,
    width: row?.width ?? 1600,
    height: row?.height ?? 1131,
    fields: (row?.fields as PlacedField[] | undefined) ?? [],
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** Field names in the reader's language, for the "lacks required fields" message. */
const fieldLabel = (lang: Lang, key: string) => translate(lang, `award.field.${key}` as never);

/** Checks a template (background of ours, the kind's required fields, every field inside the picture), then saves it. */
export async function saveTemplate(
  deps: Deps,
  input: { activityId: number; kind: Kind; background: string | null; fields: PlacedField[] },
  lang: Lang,
  staffId: number | null = null,
) {
  const { db } = deps.database;
  const [activity] = await db.select({ id: activities.id }).from(activities).where(eq(activities.id, input.activityId));
  if (!activity) throw new AppError('ACTIVITY_NOT_FOUND', { field: 'activityId' });
  const keys = new Set(input.fields.map((f) => f.key));
  const missing = [...(input.background ? [] : ['background']), ...TEMPLATE_REQUIRED[input.kind].filter((k) => !keys.has(k))];
  if (missing.length)
    throw new AppError('AWARD_TEMPLATE_FIELDS', {
      field: 'fields',
      params: { fields: missing.map((k) => fieldLabel(lang, k)).join(lang === 'en' ? ', ' : '、') },
    });
  const upload = isValidKey(input.background!) && input.background!.startsWith('public/images/') ? await findUpload(deps as AppDeps, input.background!) : null;
  if (!upload?.width || !upload.height)
    throw new AppError('AWARD_TEMPLATE_FIELDS', { field: 'background', params: { fields: fieldLabel(lang, 'background') } });
  const { width, height } = upload;
  for (const f of input.fields) {
    const box = f.key === 'photo' ? photoBox(f) : f.key === 'qr' ? { left: f.x, top: f.y, width: f.size, height: f.size } : null;
    const outside = box ? box.left + box.width > width || box.top + box.height > height : f.x > width || f.y > height || f.y < Math.min(f.size, height);
    if (outside) throw new AppError('AWARD_TEMPLATE_OUTSIDE', { field: 'fields', params: { field: fieldLabel(lang, f.key) } });
  }
  const values = { background: input.background, width, height, fields: input.fields, updatedAt: new Date() };
  const before = await getTemplate(db, input.activityId, input.kind);
  // the template and its audit entry commit together
  await db.transaction(async (tx) => {
    await tx
      .insert(awardTemplates)
      .values({ activityId: input.activityId, kind: input.kind, ...values })
      .onConflictDoUpdate({ target: [awardTemplates.activityId, awardTemplates.kind], set: values });
    await audit(tx, {
      userId: staffId,
      resource: 'awardTemplates',
      recordId: `${input.activityId}:${input.kind}`,
      action: before.updatedAt ? 'update' : 'create',
      before: before.updatedAt ? { background: before.background, fields: before.fields } : undefined,
      after: { background: input.background, fields: input.fields },
    });
  });
  return getTemplate(db, input.activityId, input.kind);
}

/**
 * What a cached picture depends on besides its code: null when the code is not a valid certificate's;
 * otherwise the design it is drawn on (built-in, or the template's last change), so a template edited on any
 * instance redraws the pictures.
 */
export async function certificateStamp(db: Db, code: string): Promise<string | null> {
  const rows = await db.execute(sql`
    select a.award_picture, t.updated_at::text as updated_at
      from ${certificates} c
      join ${activities} a on a.id = c.activity_id
      left join ${awardTemplates} t on t.activity_id = c.activity_id and t.kind = (case
        when c.member_id is not null then 'player' when c.leader_id is not null then 'leader'
        when c.volunteer_id is not null then 'volunteer' else 'team' end)
     where c.cert_code = ${code} and c.status = 'valid'`);
  const row = (rows as unknown as { rows: { award_picture: boolean; updated_at: string | null }[] }).rows[0];
  if (!row) return null;
  return row.award_picture ? `t:${row.updated_at ?? 'none'}` : 'builtin';
}

/** A photo stored as a private file, read from storage (null when absent or unreadable). */
async function readPhoto(deps: Deps, url: string | null): Promise<Buffer | null> {
  const key = url ? privateKeyOf(url) : null;
  if (!key) return null;
  return deps.storage.read(key).catch(() => null);
}

/**
 * The picture of a valid certificate and its file name (spec 9). Activities with the award-picture switch draw
 * on their template for the kind: none → CERT_NO_TEMPLATE; a coach's template with a photo and a coach without
 * one → LEADER_NO_PHOTO (spec 8.2). A void code → CERT_VOID ("please re-fetch"), an unknown one → CERT_NOT_FOUND.
 */
export async function renderCertificate(deps: Deps, code: string, verifyBase: string): Promise<{ png: Buffer; name: string }> {
  const { db } = deps.database;
  const found = await certificateFace(db, code, verifyBase);
  if (!found) {
    const [old] = await db.select({ id: certificates.id }).from(certificates).where(eq(certificates.certCode, code));
    throw new AppError(old ? 'CERT_VOID' : 'CERT_NOT_FOUND');
  }
  const name = certificateFileName(found.fileName);
  const [activity] = await db.select({ awardPicture: activities.awardPicture }).from(activities).where(eq(activities.id, found.activityId));
  if (!activity?.awardPicture) return { png: await certificatePng(found.face), name };
  const t = await getTemplate(db, found.activityId, found.face.kind);
  if (!t.background) throw new AppError('CERT_NO_TEMPLATE');
  const wantsPhoto = t.fields.some((f) => f.key === 'photo');
  const photo = wantsPhoto ? await readPhoto(deps, found.photoUrl) : null;
  if (wantsPhoto && !photo && found.face.kind === 'leader') throw new AppError('LEADER_NO_PHOTO');
  const background = await deps.storage.read(t.background).catch(() => null);
  if (!background) throw new AppError('CERT_NO_TEMPLATE');
  return { png: await templatePng({ background, width: t.width, height: t.height, fields: t.fields }, found.face, photo), name };
}

/**
 * Why the pictures of these certificates cannot be made yet (spec 8.2), by certificate id: the activity draws on
 * templates and has none for the kind, or a coach's template wants the coach's photo and there is none.
 */
export async function certificateProblems(
  db: Db,
  rows: { id: number; activityId: number; kind: Kind; photoUrl?: string | null }[],
): Promise<Map<number, 'noTemplate' | 'noPhoto'>> {
  const out = new Map<number, 'noTemplate' | 'noPhoto'>();
  const activityIds = [...new Set(rows.map((r) => r.activityId))];
  if (!activityIds.length) return out;
  const onTemplates = await db
    .select({ id: activities.id })
    .from(activities)
    .where(and(inArray(activities.id, activityIds), eq(activities.awardPicture, true)));
  if (!onTemplates.length) return out;
  const ids = onTemplates.map((a) => a.id);
  const templates = await db
    .select({ activityId: awardTemplates.activityId, kind: awardTemplates.kind, background: awardTemplates.background, fields: awardTemplates.fields })
    .from(awardTemplates)
    .where(inArray(awardTemplates.activityId, ids));
  for (const r of rows) {
    if (!ids.includes(r.activityId)) continue;
    const t = templates.find((x) => x.activityId === r.activityId && x.kind === r.kind);
    if (!t?.background) out.set(r.id, 'noTemplate');
    else if (r.kind === 'leader' && !r.photoUrl && (t.fields as PlacedField[]).some((f) => f.key === 'photo')) out.set(r.id, 'noPhoto');
  }
  return out;
}

/** A template drawn with made-up data in the chosen language, before it is saved (the editor's preview). */
export async function previewPng(deps: Deps, input: { kind: Kind; background: string | null; fields: PlacedField[] }, verifyBase: string) {
  if (!input.background || !isValidKey(input.background) || !input.background.startsWith('public/images/')) throw new AppError('CERT_NO_TEMPLATE');
  const upload = await findUpload(deps as AppDeps, input.background);
  const background = upload ? await deps.storage.read(input.background).catch(() => null) : null;
  if (!upload?.width || !upload.height || !background) throw new AppError('CERT_NO_TEMPLATE');
  const sample: CertificateFace = {
    certCode: 'ABCD2345EFGH6789',
    kind: input.kind,
    name: input.kind === 'team' ? '星火机器人队' : '李明 Li Ming',
    teamName: '星火机器人队 Spark Robotics',
    award: { zh: '一等奖', en: 'First Prize' },
    program: { zh: '机器人创意赛', en: 'Robot Creativity Challenge' },
    activity: { zh: '国际青少年机器人大会', en: 'International Youth Robotics Conference' },
    issuedAt: new Date(),
    verifyUrl: `${verifyBase}/verify/ABCD2345EFGH6789`,
    code: '568-0001',
  };
  // the preview's photo: a grey placeholder of the box
  const photoField = input.fields.find((f) => f.key === 'photo');
  const photo = photoField
    ? await (
        await loadSharp()
      )({ create: { width: 5, height: 7, channels: 3, background: '#cbd5e1' } })
        .png()
        .toBuffer()
    : null;
  return templatePng({ background, width: upload.width, height: upload.height, fields: input.fields }, sample, photo);
}
