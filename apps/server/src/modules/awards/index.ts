// The public entry of modules/awards (issue 25): Judges, scores, awards and certificates.
// Other modules and the composition root import only what is exported here.
export { awardsRoutes } from './awards.routes';
export { certificatesRoutes } from './certificates.routes';
export { certificateZipQueue } from './export.service';
