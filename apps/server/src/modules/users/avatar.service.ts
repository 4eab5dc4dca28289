import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
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

/** Spec 7.1: avatars load from /avatar/<file name>; the account's avatar is that path. */
export function avatarUrl(key: string): string {
  return `/avatar/${key.split('/').pop()}`;
}

/** The storage key an avatar value names (/avatar/<name>, or /files/public/avatars/… of older uploads). */
export function avatarKey(value: string): string | null {
  const byName = /^\/avatar\/([a-f0-9]{24}\.(?:jpg|png))$/.exec(value);
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
      .set({ avatar: avatarUrl(key) })
      .where(eq(users.id, userId))
      .returning();
    return row!;
  });
}

/**
 * An avatar value a member may set by hand: none (null), or an avatar they uploaded themselves. Links
 * to other sites are refused (no tracking pixels in the header or in staff lists).
 */
export async function isOwnAvatar(deps: Pick<AppDeps, 'database'>, userId: number, value: string): Promise<boolean> {
  const key = avatarKey(value);
  if (!key) return false;
  const [row] = await deps.database.db
    .select({ key: uploads.key })
    .from(uploads)
    .where(and(eq(uploads.key, key), eq(uploads.userId, userId)))
    .limit(1);
  return Boolean(row);
}
