// The public entry of modules/users (issue 25): Profiles and avatars.
// Other modules and the composition root import only what is exported here.
export { userRoutes } from './users.routes';
export { avatarKey } from './avatar.service';
