// The public entry of modules/consult (issue 25): Consultation: the members' chat, the staff inbox, the FAQ, broadcasts.
// Other modules and the composition root import only what is exported here.
export { consultRoutes } from './consult.routes';
