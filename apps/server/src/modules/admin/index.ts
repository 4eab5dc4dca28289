// The public entry of modules/admin (issue 25): Staff accounts and roles, the audit trail, the dashboard, background jobs (issue 36).
// Other modules and the composition root import only what is exported here.
export { adminRoutes } from './admin.routes';
export { accessRoutes } from './access.routes';
export { dashboardRoutes } from './dashboard.routes';
export { jobsRoutes } from './jobs.routes';
