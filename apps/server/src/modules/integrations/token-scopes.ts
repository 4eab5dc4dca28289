import { defineTokenScope, type TokenScope } from '../../plugins/auth';

/**
 * What a partner API token may call (issue 25): each scope opens documented read operations, and nothing
 * else answers the token (403). While it calls them, the token stands in for a user holding only the
 * scope's permissions — limited to the token's activities where the scope is activity-limited, so the
 * scope-aware lists and reads (lib/scope.ts) show only those activities' rows.
 */
export const TOKEN_SCOPES: readonly TokenScope[] = [
  {
    name: 'registrations.read',
    activityLimited: true,
    permissions: ['registrations.manage'],
    operations: ['GET /api/admin/teams', 'GET /api/admin/teams/:id', 'GET /api/admin/players', 'GET /api/admin/players/:id', 'GET /api/admin/review'],
  },
  {
    name: 'orders.read',
    activityLimited: true,
    permissions: ['payments.manage'],
    operations: ['GET /api/admin/orders', 'GET /api/admin/orders/:id', 'GET /api/admin/orderDetail/:id'],
  },
  {
    name: 'certificates.verify',
    activityLimited: false,
    permissions: [],
    operations: ['GET /api/lAward/verifyCertCode'],
  },
];

export const TOKEN_SCOPE_NAMES = TOKEN_SCOPES.map((s) => s.name);

/** Makes the scopes known to the auth plugin (called by the module's entry). */
export function registerTokenScopes(): void {
  for (const s of TOKEN_SCOPES) defineTokenScope(s);
}
