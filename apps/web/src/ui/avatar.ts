/** An avatar value is a path to an uploaded picture (/files/public/avatars/…) or a stored file name (spec 7.1). */
export function avatarSrc(avatar: string | null | undefined): string | null {
  if (!avatar) return null;
  if (/^https?:\/\//i.test(avatar) || avatar.startsWith('/')) return avatar;
  return `/avatar/${encodeURIComponent(avatar)}`;
}
