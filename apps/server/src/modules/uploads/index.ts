// The public entry of modules/uploads (issue 25): Uploads checked by content, served from the storage; a record names only its writer's private files.
// Other modules and the composition root import only what is exported here.
export { fileRoutes } from './files.routes';
export { assertOwnPrivateFile, findUpload, privateKeyOf, readLimited, storeContentUpload, tooLarge } from './uploads.service';
export { openOr404, sendObject } from './serve';
