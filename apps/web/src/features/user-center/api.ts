import { api } from '../../lib/api-client';
import type { OkResponse, UpdatePasswordBody, UpdateUserBody, UserDataResponse } from '../../lib/contract';

export function updateProfile(body: UpdateUserBody) {
  return api.put<UserDataResponse>('/api/users/web/update', body, { silent: true, noRedirect: false });
}

/** Logged-in password change: the server revokes every session afterwards. */
export function changePassword(body: UpdatePasswordBody) {
  return api.post<OkResponse>('/auth/web/updatePassword', body, { silent: true });
}

/** The account's avatar: the cropped JPEG as the request body (the server re-checks and stores a square). */
export function uploadAvatar(picture: Blob) {
  return api.post<UserDataResponse>('/api/users/web/avatar', picture, { silent: true, timeoutMs: 60_000 });
}
