// `npm run build` of the server runs this (dist/pglite-image.js) after bundling: the PGlite image of the committed
// migrations, made once per PGlite version and migrations (db/pglite-image.ts; issue 39).
import { makePgliteImage } from './client';

const started = Date.now();
const { dir, made } = await makePgliteImage();
console.log(made ? `PGlite image made: ${dir} in ${Date.now() - started} ms` : `PGlite image up to date: ${dir}`);
