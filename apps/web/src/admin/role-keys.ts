/** The label of each account role (users list, dashboard). */
export const ROLE_KEYS: Record<string, string> = {
  admin: 'admin:users.roles.admin',
  editor: 'admin:users.roles.editor',
  member: 'admin:users.roles.member',
  volunteer: 'admin:users.roles.volunteer',
  channel: 'admin:users.roles.channel',
  judge: 'admin:users.roles.judge',
};
