import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import type { AdminUserUpdate, AuditItem, LoginItem, RoleBody, RoleItem } from '@rp/shared';
import { api } from '../../../lib/api-client';
import type { AdminUserItem, Page } from '../../../lib/contract';
import { adminKeys } from '../../api';
import { resourceKeys } from '../../resources/api';

/** Access screens (issue 14): roles, staff accounts, sign-ins, the audit trail. */
export const accessKeys = {
  all: [...adminKeys.all, 'access'] as const,
  roles: () => [...accessKeys.all, 'roles'] as const,
  users: (q: Record<string, string | number>) => [...accessKeys.all, 'users', q] as const,
  logins: (id: number, page: number) => [...accessKeys.all, 'logins', id, page] as const,
  audit: (q: Record<string, string | number>) => [...accessKeys.all, 'audit', q] as const,
  options: (name: string) => [...accessKeys.all, 'options', name] as const,
};

export const rolesQuery = queryOptions({
  queryKey: accessKeys.roles(),
  queryFn: ({ signal }) => api.get<{ content: RoleItem[] }>('/api/admin/roles', { signal }).then((r) => r.content),
});

export const saveRoleMutation = mutationOptions({
  mutationFn: ({ id, body }: { id: number | null; body: RoleBody }) =>
    id
      ? api.put<{ data: RoleItem; resultStr: string }>(`/api/admin/roles/${id}`, body)
      : api.post<{ data: RoleItem; resultStr: string }>('/api/admin/roles', body),
  onSuccess: (_r, _v, _c, { client }) => client.invalidateQueries({ queryKey: accessKeys.all }),
});

export const deleteRoleMutation = mutationOptions({
  mutationFn: (id: number) => api.delete<{ resultStr: string }>(`/api/admin/roles/${id}`),
  onSuccess: (_r, _v, _c, { client }) => client.invalidateQueries({ queryKey: accessKeys.all }),
});

export function staffQuery(q: Record<string, string | number>) {
  return queryOptions({
    queryKey: accessKeys.users(q),
    queryFn: ({ signal }) => api.get<Page<AdminUserItem>>('/api/admin/users', { signal, query: q }),
    placeholderData: keepPreviousData,
  });
}

export const updateStaffMutation = mutationOptions({
  mutationFn: ({ id, body }: { id: number; body: AdminUserUpdate }) => api.put<{ data: AdminUserItem; resultStr: string }>(`/api/admin/users/${id}`, body),
  onSuccess: (_r, _v, _c, { client }) =>
    Promise.all([client.invalidateQueries({ queryKey: accessKeys.all }), client.invalidateQueries({ queryKey: resourceKeys.all })]),
});

export function loginsQuery(id: number, page: number) {
  return queryOptions({
    queryKey: accessKeys.logins(id, page),
    queryFn: ({ signal }) => api.get<Page<LoginItem>>(`/api/admin/users/${id}/logins`, { signal, query: { page, size: 10 } }),
    placeholderData: keepPreviousData,
  });
}

export function auditQuery(q: Record<string, string | number>) {
  return queryOptions({
    queryKey: accessKeys.audit(q),
    queryFn: ({ signal }) => api.get<Page<AuditItem>>('/api/admin/audit', { signal, query: q }),
    placeholderData: keepPreviousData,
  });
}

export interface NamedOption {
  id: number;
  nameZh: string;
  nameEn: string;
}

/** Activities, departments and posts for pickers (the first 500, newest first; their lists are short). */
export function namedOptionsQuery(name: 'activities' | 'departments' | 'posts', enabled = true) {
  return queryOptions({
    queryKey: [...resourceKeys.resource(name), 'options'] as const,
    queryFn: ({ signal }) =>
      api
        .get<Page<NamedOption>>(`/api/admin/${name}`, { signal, query: { page: 0, size: 500, sort: 'id,desc' }, silent: true, noRedirect: true })
        .then((r) => r.content.map((x) => ({ id: x.id, nameZh: x.nameZh, nameEn: x.nameEn }))),
    staleTime: 60_000,
    enabled,
  });
}
