// @vitest-environment node
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as EntryServer from './entry-server';
import { expectConcurrentRendersAgree, ssrTestSetup } from './test/ssr-setup';

/**
 * Issue 39: the server renderer as the server runs it — `vite build --ssr` of entry-server.tsx, one bundle
 * with React and its libraries inside —, built here into a folder of this test's own and loaded without a
 * browser. Its API calls are answered as in entry-server.test.tsx (test/ssr-setup.ts).
 */
const webDir = path.resolve(import.meta.dirname, '..');
let outDir = '';
let entry: typeof EntryServer;
let bundle = '';

beforeAll(async () => {
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-ssr-build-'));
  const build = spawnSync(
    process.execPath,
    [
      path.join(webDir, '../../node_modules/vite/bin/vite.js'),
      'build',
      '--ssr',
      'src/entry-server.tsx',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    {
      cwd: webDir,
      encoding: 'utf8',
      // what the server has unless its operator sets it: nothing
      env: { ...process.env, NODE_ENV: '' },
    },
  );
  expect(build.status, build.stderr).toBe(0);
  bundle = fs
    .readdirSync(outDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.js'))
    .map((f) => fs.readFileSync(path.join(outDir, f), 'utf8'))
    .join('\n');
  entry = (await import(pathToFileURL(path.join(outDir, 'entry-server.js')).href)) as typeof EntryServer;
  await entry.configure(ssrTestSetup());
}, 60_000);
afterAll(() => {
  if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
});

const html = async (url: string) => {
  const r = await entry.render(url);
  if (r.kind !== 'html') throw new Error(`${url}: ${r.kind} ${r.status}`);
  return r.html;
};

describe('the built server renderer (issue 39)', () => {
  it("carries React's production build, whatever NODE_ENV the server runs with", () => {
    // React's libraries choose their build from process.env.NODE_ENV when they are loaded; the development one
    // (checks, stack captures, jsxDEV) rendered every page several times slower
    const code = bundle
      .split('\n')
      .filter((line) => !/^\s*(\*|\/\/)/.test(line))
      .join('\n');
    expect(code).not.toMatch(/process\.env\.NODE_ENV/);
    expect(code).not.toContain('jsxDEV');
  });

  it('16 renders at once, Chinese and English side by side, make the same pages as one at a time', async () => {
    await expectConcurrentRendersAgree(html);
  });
});
