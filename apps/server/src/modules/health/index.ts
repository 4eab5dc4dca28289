// The public entry of modules/health (issue 25): Readiness and liveness.
// Other modules and the composition root import only what is exported here.
export { healthRoutes } from './health.routes';
