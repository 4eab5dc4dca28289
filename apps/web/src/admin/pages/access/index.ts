// The access screens as one lazily loaded chunk: roles and the audit trail (staff accounts are pages/UsersPage).
export { default as RolesPage } from './RolesPage';
export { default as AuditPage } from './AuditPage';
