import { mutationOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { OkResponse, UpdatePasswordBody, UpdateUserBody, UserDataResponse } from '../../lib/contract';
import { clearSession, setUser } from '../../lib/session';

/**
 * The account's writes. The account itself lives in the session store (the header reads it there), so
 * a save writes the answer back into it instead of invalidating a query.
 */
export const userKeys = {
  all: ['user'] as const,
  profile: ['user', 'profile'] as const,
  avatar: ['user', 'avatar'] as const,
  password: ['user', 'password'] as const,
};

/** PUT /api/users/web/update (nickname, or avatar: null to remove it). */
export const updateProfileMutation = mutationOptions({
  mutationKey: userKeys.profile,
  mutationFn: (body: UpdateUserBody) => api.put<UserDataResponse>('/api/users/web/update', body, { silent: true, noRedirect: false }),
  onSuccess: (res) => setUser(res.data),
});

/** The account's avatar: the cropped JPEG as the request body (the server re-checks and stores a square). */
export const uploadAvatarMutation = mutationOptions({
  mutationKey: userKeys.avatar,
  mutationFn: (picture: Blob) => api.post<UserDataResponse>('/api/users/web/avatar', picture, { silent: true, timeoutMs: 60_000 }),
  onSuccess: (res) => setUser(res.data),
});

/** Logged-in password change: the server revokes every session afterwards, so this one ends here too. */
export const changePasswordMutation = mutationOptions({
  mutationKey: userKeys.password,
  mutationFn: (body: UpdatePasswordBody) => api.post<OkResponse>('/auth/web/updatePassword', body, { silent: true }),
  onSuccess: () => clearSession(),
});
