// The public entry of modules/volunteers (issue 25): Volunteer applications.
// Other modules and the composition root import only what is exported here.
export { volunteerRoutes } from './volunteers.routes';
