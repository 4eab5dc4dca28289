import type { MultipartFile } from '@fastify/multipart';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { uploads } from '../../db/schema/index';
import { formatBytes } from '@rp/shared';
import { AppError } from '../../lib/errors';
import { checkExtension, isImageType, processImage, sniff, type FileType } from '../../lib/images';
import { isValidKey, newKey } from '../../lib/storage';

/** 413 naming the ceiling ("3 MB"); the ceilings are UPLOAD_LIMITS of packages/shared/src/limits.ts. */
export const tooLarge = (max: number) => new AppError('UPLOAD_TOO_LARGE', { params: { max: formatBytes(max) } });

/** Reads a multipart file fully, refusing it past `max` bytes (nothing is stored). */
export async function readLimited(file: MultipartFile, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file.file) {
    size += (chunk as Buffer).length;
    if (size > max) {
      file.file.resume();
      throw tooLarge(max);
    }
    chunks.push(chunk as Buffer);
  }
  if (file.file.truncated) throw tooLarge(max);
  return Buffer.concat(chunks);
}

export interface StoredUpload {
  key: string;
  url: string;
  fileName: string;
  size: number;
  mime: string;
  width: number | null;
  height: number | null;
}

const MIME: Record<FileType, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  pdf: 'application/pdf',
  'zip-office': 'application/octet-stream',
  'ole-office': 'application/octet-stream',
};

/**
 * Stores a content upload after checking it by content: images are re-encoded (metadata stripped);
 * documents must be PDF or Office files whose extension matches their content.
 */
export async function storeContentUpload(
  deps: AppDeps & { storage: import('../../lib/storage').Storage },
  data: Buffer,
  fileName: string,
  kind: 'image' | 'file',
  userId: number,
): Promise<StoredUpload> {
  const type = sniff(data);
  if (kind === 'image' && !isImageType(type)) throw new AppError('UPLOAD_NOT_IMAGE');
  if (!type) throw new AppError('UPLOAD_BAD_TYPE');
  const ext = checkExtension(type, fileName);
  let body = data;
  let width: number | null = null;
  let height: number | null = null;
  let storedExt = ext;
  let mime = MIME[type];
  if (isImageType(type)) {
    const img = await processImage(data);
    body = img.display;
    width = img.width;
    height = img.height;
    storedExt = 'jpg';
    mime = 'image/jpeg';
  }
  const key = newKey(kind === 'image' ? 'public/images' : 'public/files', storedExt);
  await deps.storage.put(key, body);
  const safeName = fileName.replace(/[\\/\u0000-\u001f]/g, '_').slice(0, 200);
  await deps.database.db.insert(uploads).values({ key, fileName: safeName, size: body.length, mime, width, height, userId });
  return { key, url: `/files/${key}`, fileName: safeName, size: body.length, mime, width, height };
}

export async function findUpload(deps: Pick<AppDeps, 'database'>, key: string) {
  const [row] = await deps.database.db.select().from(uploads).where(eq(uploads.key, key)).limit(1);
  return row ?? null;
}

/** Folders of private uploads (POST api/lCloudConfig/oss/upload): children's photos, teachers' attachments. */
export type PrivateFolder = 'avatars' | 'attachments';

/** The storage key of a private file URL (/api/files/private/…), or null when the value is not one. */
export function privateKeyOf(url: string): string | null {
  const m = /^\/api\/files\/(private\/.+)$/.exec(url);
  return m && isValidKey(m[1]!) ? m[1]! : null;
}

/**
 * A reference to a private file that a member is about to store (a player's headImg, a teacher's photoUrl):
 * allowed when empty, when it is the value already stored, or when it names a private file of one of
 * `folders` that this member uploaded. Anything else — another family's file, a made-up key, a link to
 * another site — is refused with 400 FILE_NOT_OWN on `field`, so nobody can get a file they may not read
 * shown to them (or to staff) through their own record.
 */
export async function assertOwnPrivateFile(
  db: DbOrTx,
  userId: number,
  value: string | null | undefined,
  opts: { field: string; folders: PrivateFolder[]; current?: string | null },
): Promise<void> {
  if (value === null || value === undefined || value === '' || value === opts.current) return;
  const key = privateKeyOf(value);
  const refuse = () => new AppError('FILE_NOT_OWN', { field: opts.field });
  if (!key || !opts.folders.some((f) => key.startsWith(`private/${f}/`))) throw refuse();
  const [row] = await db
    .select({ key: uploads.key })
    .from(uploads)
    .where(and(eq(uploads.key, key), eq(uploads.userId, userId)))
    .limit(1);
  if (!row) throw refuse();
}
