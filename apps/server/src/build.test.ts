// House rule: the server ships as compiled JavaScript. The build bundles our TypeScript (server and
// packages/shared) and leaves only runtime dependencies as imports — never tsx, TypeScript or another
// development tool — and the built file starts under plain `node` with its migrations beside it.
import { spawnSync } from 'node:child_process';
import { builtinModules } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const serverDir = path.resolve(import.meta.dirname, '..');
const root = path.resolve(serverDir, '../..');
const readJson = (p: string) => JSON.parse(fs.readFileSync(p, 'utf8')) as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };

describe('compiled server', () => {
  it('imports only runtime dependencies, starts with plain node, and has its migrations', { timeout: 120_000 }, () => {
    const build = spawnSync(process.execPath, ['build.mjs'], { cwd: serverDir, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    const js = fs.readFileSync(path.join(serverDir, 'dist/server.js'), 'utf8');

    const specifiers = new Set<string>();
    // a specifier holds no whitespace (a text ending in "from" before the next string is not an import)
    for (const m of js.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"'\s]+)["']/g)) specifiers.add(m[1]!);
    const pkgName = (s: string) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]!);
    const packages = [...specifiers].filter((s) => !s.startsWith('.') && !s.startsWith('node:') && !builtinModules.includes(s)).map(pkgName);
    const server = readJson(path.join(serverDir, 'package.json'));
    const shared = readJson(path.join(root, 'packages/shared/package.json'));
    const runtime = new Set([...Object.keys(server.dependencies ?? {}), ...Object.keys(shared.dependencies ?? {})]);
    expect(packages.length).toBeGreaterThan(5);
    expect(packages.filter((p) => !runtime.has(p))).toEqual([]);
    for (const dev of ['tsx', 'typescript', 'esbuild', 'vitest', 'drizzle-kit', '@rp/shared']) expect(packages).not.toContain(dev);
    expect(Object.keys(server.dependencies ?? {})).not.toContain('tsx');

    expect(fs.existsSync(path.join(serverDir, 'dist/migrations/meta/_journal.json'))).toBe(true);
    const journal = JSON.parse(fs.readFileSync(path.join(serverDir, 'dist/migrations/meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    for (const e of journal.entries) expect(fs.existsSync(path.join(serverDir, `dist/migrations/${e.tag}.sql`)), e.tag).toBe(true);

    // every static import resolves under plain node: a bad setting then stops it with its one line
    const run = spawnSync(process.execPath, ['dist/server.js'], {
      cwd: serverDir,
      encoding: 'utf8',
      env: { ...process.env, PORT: 'not-a-port' },
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/PORT/);
    expect(run.stderr).not.toMatch(/ERR_MODULE_NOT_FOUND|Cannot find/);
  });
});
