import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** apps/web/src */
export const SRC = join(__dirname, '..');

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    // locale files hold the texts; src/test holds the tests' own fixtures (Chinese sample data among them)
    if (statSync(path).isDirectory()) return name === 'locales' || path === join(SRC, 'test') ? [] : walk(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

// Comments are not code: block comments and line comments (after whitespace, so 'https://' survives).
const stripComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');

/** The app's code files (no tests, no locale files) for source-scanning tests: path relative to src, text without comments. */
export function appSources(): { path: string; raw: string; text: string }[] {
  return walk(SRC).map((path) => {
    const raw = readFileSync(path, 'utf8');
    return { path: relative(SRC, path), raw, text: stripComments(raw) };
  });
}
