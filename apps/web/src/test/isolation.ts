import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Which web test files share one jsdom and one module cache per worker (vitest project `web`, isolate: false) and
 * which keep an environment of their own (`web-isolated`). Read by vitest.config.ts at the start of every run, so
 * a new file is sorted by what it contains, never by a list someone has to remember (issue 35).
 *
 * A file needs its own environment when it changes what other files would see and nothing puts it back: module
 * mocks (vi.mock and its relatives replace a module in the cache every later file imports from), and the app's own
 * module-wide settings (the API client's configuration, the server renderer's scope and sanitizer, the site
 * configuration's cache, the server entry's configure), which the next file would import as this one left them.
 * What shared-state.ts puts back after every file of the shared project (stubbed globals and environment variables,
 * spies, fake timers and the fixed clock, testing library's configuration, the signed-in user and cookies, the API
 * client's methods through fakeApi) lets a file share (a worker's sharing saves a jsdom and the app's imports, about
 * 6 CPU-seconds a file).
 */
const SHARED_STATE = [
  /\bvi\s*\.\s*(mock|doMock|unmock|doUnmock|hoisted|resetModules|importMock)\b/,
  /\b(configureApiClient|setRenderScope|setServerSanitizer|loadPublicConfig)\s*\(/,
  // a module's configure (the server entry's); testing library's alone is put back (below)
  /\.\s*configure\s*\(/,
  // answers the public configuration (lib/public-config.ts caches the first answer for the worker, with no undo)
  /\bexamUrl\b|\/api\/config\/public/,
];

/** testing library's configure imported by name: a bare `configure(` of the file is that one. */
const TESTING_LIBRARY_CONFIGURE = /\bimport\s*\{[^}]*\bconfigure\b[^}]*\}\s*from\s*['"]@testing-library\//;
const BARE_CONFIGURE = /(?<!\.\s*)\bconfigure\s*\(/;

/** Whether a test file's text touches state a shared environment would carry into the next file. */
export function needsIsolation(text: string): boolean {
  if (SHARED_STATE.some((pattern) => pattern.test(text))) return true;
  return BARE_CONFIGURE.test(text) && !TESTING_LIBRARY_CONFIGURE.test(text);
}

const TEST_FILE = /\.test\.(ts|tsx)$/;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return walk(path);
    return TEST_FILE.test(name) ? [path] : [];
  });
}

/** Every web test file under `web` (apps/web), relative to it (as the projects' include reads them). */
export function webTestFiles(web: string): string[] {
  return walk(join(web, 'src'))
    .map((path) => relative(web, path).split('\\').join('/'))
    .sort();
}

/** The web test files under `web` (apps/web) that need their own environment (project web-isolated). */
export function isolatedWebTests(web: string): string[] {
  return webTestFiles(web).filter((file) => needsIsolation(readFileSync(join(web, file), 'utf8')));
}
