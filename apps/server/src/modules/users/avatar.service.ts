import { loadSharp } from '../../lib/lazy-libs';
import { and, eq, like, or } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { uploads, users } from '../../db/schema/index';
import { UPLOAD_LIMITS } from '@rp/shared';
import { AppError } from '../../lib/errors';
import { checkExtension, sniff } from '../../lib/images';
import { isValidKey, randomName, type Storage } from '../../lib/storage';

/** Spec 9: avatars up to 5 MB, JPG or PNG. */
export const AVATAR_MAX_BYTES = UPLOAD_LIMITS.accountAvatar;
/** Stored avatars are squares of this many pixels (the browser crops; the server makes sure). */
export const AVATAR_SIZE = 256;
const PREFIX = 'public/avatars';

/** Spec 3 / 7.1: the account's avatar is its bare file name; clients load it from /avatar/<file name>. */
export function avatarName(key: string): string {
  return key.split('/').pop()!;
}

const AVATAR_NAME = /^(?:\/avatar\/)?([a-f0-9]{24}\.(?:jpg|png))$/;

/** The storage key an avatar value names (<name> or /avatar/<name>, or /files/public/avatars/… of older uploads). */
export function avatarKey(value: string): string | null {
  const byName = AVATAR_NAME.exec(value);
  if (byName) return `${PREFIX}/${byName[1]}`;
  const byPath = /^\/files\/(public\/avatars\/.+)$/.exec(value);
  return byPath && isValidKey(byPath[1]!) ? byPath[1]! : null;
}

/**
 * Stores an account's avatar after checking it by content (JPEG or PNG whose extension agrees), then
 * re-encodes it as a 256 px square JPEG (centre-cropped if the browser did not crop it; metadata
 * stripped) and makes it the account's avatar. Returns the updated user row.
 */
export async function storeAvatar(deps: AppDeps & { storage: Storage }, userId: number, data: Buffer, fileName: string) {
  const type = sniff(data);
  if (type !== 'jpeg' && type !== 'png') throw new AppError('UPLOAD_NOT_IMAGE', 'upload.avatarType');
  checkExtension(type, fileName);
  let body: Buffer;
  try {
    const sharp = await loadSharp();
    body = await sharp(data, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: AVATAR_SIZE, height: AVATAR_SIZE, fit: 'cover', position: 'centre' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 86, mozjpeg: true })
      .toBuffer();
  } catch {
    throw new AppError('UPLOAD_BROKEN');
  }
  const key = `${PREFIX}/${randomName('jpg')}`;
  await deps.storage.put(key, body, 'image/jpeg');
  const { db } = deps.database;
  return db.transaction(async (tx) => {
    await tx.insert(uploads).values({
      key,
      fileName: fileName.replace(/[\\/\u0000-\u001f]/g, '_').slice(0, 200),
      size: body.length,
      mime: 'image/jpeg',
      width: AVATAR_SIZE,
      height: AVATAR_SIZE,
      userId,
    });
    const [row] = await tx
      .update(users)
      .set({ avatar: avatarName(key) })
      .where(eq(users.id, userId))
      .returning();
    return row!;
  });
}

/**
 * An avatar value a member may set by hand: none (null), or an avatar they uploaded themselves. Links
 * to other sites are refused (no tracking pixels in the header or in staff lists).
 */
export async function ownAvatar(deps: Pick<AppDeps, 'database'>, userId: number, value: string): Promise<string | null> {
  const key = avatarKey(value);
  if (!key) return null;
  const name = AVATAR_NAME.exec(value)?.[1];
  // a bare name also finds an avatar stored under the older dated keys (public/avatars/<yyyy>/<mm>/<name>)
  const byKey = name ? or(eq(uploads.key, key), like(uploads.key, `public/avatars/%/${name}`)) : eq(uploads.key, key);
  const [row] = await deps.database.db
    .select({ key: uploads.key })
    .from(uploads)
    .where(and(byKey, eq(uploads.userId, userId)))
    .limit(1);
  if (!row) return null;
  // what is stored: the bare name, or the dated key's path (sent as its name; avatarKey finds the file to delete)
  return row.key === `public/avatars/${avatarName(row.key)}` ? avatarName(row.key) : `/files/${row.key}`;
}
