// The public entry of modules/rights (issue 37, parts 3–5): people's rights (archive, deletion, requests),
// retention of ended activities, minimum access and the yearly compliance audit.
export { rightsRoutes } from './rights.routes';
export { retentionTimer, runRetention, anonymiseDueActivity } from './retention';
