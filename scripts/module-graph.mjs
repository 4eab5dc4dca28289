#!/usr/bin/env node
// The server's import graph, by area (issue 25): `npm run graph:modules [-- --json]`.
//
// Scans apps/server/src (test files, *.helpers.ts and src/test/** left out: they may import anything), resolves
// every relative import (TypeScript's own pre-processor finds them: import, export … from, import(), type
// imports), and prints
//   - the areas' edges: kernel parts (config, deps, db, lib, plugins), modules/<name>, app.ts, server.ts;
//   - the module→module edges, each marked `UP` when it runs against the layering of eslint.config.js
//     (SERVER_LAYERS) or `DEEP` when it does not go through the module's index.ts;
//   - kernel→module edges (the kernel imports no module) and the files importing app.ts besides server.ts;
//   - import cycles: strongly connected components of files (the largest, and whether app.ts is in one) and
//     of areas.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const ts = require('typescript');
const srcDir = path.join(repo, 'apps/server/src');
const json = process.argv.includes('--json');

/** The layering table (bottom → top), when eslint.config.js declares it. */
async function layers() {
  try {
    const mod = await import(path.join(repo, 'eslint.config.js'));
    return mod.SERVER_LAYERS ?? null;
  } catch {
    return null;
  }
}

const isExempt = (rel) => rel.endsWith('.test.ts') || rel.endsWith('.helpers.ts') || rel.startsWith('test/') || rel.endsWith('.d.ts');

function walk(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'migrations' || entry.name === 'node_modules') continue;
      walk(full, out);
    } else if (/\.(ts|mts)$/.test(entry.name)) out.push(full);
  }
  return out;
}

/** A specifier → the source file it names (./x, ./x.ts, ./x.js → .ts, ./x/index.ts), or null. */
function resolve(from, spec) {
  const base = path.resolve(path.dirname(from), spec);
  const stem = base.replace(/\.(js|mjs|ts|mts)$/, '');
  for (const candidate of [`${stem}.ts`, `${stem}.mts`, base, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The area of a file (path relative to src): kernel parts by name, modules by their folder, the root files. */
function areaOf(rel) {
  const m = /^modules\/([^/]+)\//.exec(rel);
  if (m) return `modules/${m[1]}`;
  const top = rel.split('/')[0];
  if (['db', 'lib', 'plugins'].includes(top)) return top;
  if (rel === 'config.ts') return 'config';
  if (rel === 'deps.ts') return 'deps';
  if (rel === 'app.ts') return 'app.ts';
  if (rel === 'server.ts') return 'server.ts';
  return rel;
}
const KERNEL = new Set(['config', 'deps', 'db', 'lib', 'plugins']);

/** Tarjan's strongly connected components (iterative enough for a few hundred nodes). */
function components(nodes, edges) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const out = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const comp = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1 || (edges.get(v) ?? new Set()).has(v)) out.push(comp.sort());
    }
  };
  for (const v of nodes) if (!idx.has(v)) visit(v);
  return out.sort((a, b) => b.length - a.length);
}

const table = await layers();
const layerOf = new Map();
if (table) table.forEach((names, i) => names.forEach((n) => layerOf.set(n, i + 1)));

const files = walk(srcDir)
  .map((f) => path.relative(srcDir, f).split(path.sep).join('/'))
  .filter((rel) => !isExempt(rel))
  .sort();
const fileEdges = new Map();
/** area → area → [{ from, to }] */
const areaEdges = new Map();
for (const rel of files) {
  const full = path.join(srcDir, rel);
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(full, 'utf8'), true, true);
  const targets = new Set();
  for (const { fileName } of importedFiles) {
    if (!fileName.startsWith('.')) continue;
    const to = resolve(full, fileName);
    if (!to) continue;
    const toRel = path.relative(srcDir, to).split(path.sep).join('/');
    if (isExempt(toRel) || toRel === rel) continue;
    targets.add(toRel);
  }
  fileEdges.set(rel, targets);
  for (const toRel of targets) {
    const a = areaOf(rel);
    const b = areaOf(toRel);
    if (a === b) continue;
    if (!areaEdges.has(a)) areaEdges.set(a, new Map());
    const m = areaEdges.get(a);
    if (!m.has(b)) m.set(b, []);
    m.get(b).push({ from: rel, to: toRel });
  }
}

const moduleEdges = [];
const kernelToModule = [];
for (const [a, m] of areaEdges) {
  for (const [b, imports] of m) {
    if (a.startsWith('modules/') && b.startsWith('modules/')) {
      const [from, to] = [a.slice(8), b.slice(8)];
      const up = table ? !(layerOf.get(to) < layerOf.get(from)) : null;
      const deep = imports.filter((i) => !/^modules\/[^/]+\/index\.ts$/.test(i.to)).map((i) => `${i.from} → ${i.to}`);
      moduleEdges.push({ from, to, imports: imports.length, up, deep, files: imports.map((i) => `${i.from} → ${i.to}`) });
    }
    if (KERNEL.has(a) && b.startsWith('modules/')) kernelToModule.push(...imports.map((i) => `${i.from} → ${i.to}`));
  }
}
moduleEdges.sort((x, y) => x.from.localeCompare(y.from) || x.to.localeCompare(y.to));

const appImporters = files.filter((f) => f !== 'server.ts' && fileEdges.get(f).has('app.ts'));
const fileSccs = components(files, fileEdges);
const areaNodes = [...new Set(files.map(areaOf))].sort();
const areaSets = new Map([...areaEdges].map(([a, m]) => [a, new Set(m.keys())]));
const areaSccs = components(areaNodes, areaSets);
const moduleNodes = areaNodes.filter((a) => a.startsWith('modules/'));
const moduleSets = new Map(moduleNodes.map((a) => [a, new Set([...(areaSets.get(a) ?? [])].filter((b) => b.startsWith('modules/')))]));
const moduleSccs = components(moduleNodes, moduleSets);

const report = {
  files: files.length,
  areas: Object.fromEntries([...areaEdges].sort().map(([a, m]) => [a, Object.fromEntries([...m].sort().map(([b, i]) => [b, i.length]))])),
  moduleEdges,
  counts: {
    moduleEdges: moduleEdges.length,
    moduleImports: moduleEdges.reduce((n, e) => n + e.imports, 0),
    upwardModuleEdges: table ? moduleEdges.filter((e) => e.up).length : null,
    deepModuleImports: moduleEdges.reduce((n, e) => n + e.deep.length, 0),
    kernelToModuleImports: kernelToModule.length,
    filesImportingApp: appImporters.length,
    fileCycles: fileSccs.length,
    largestFileCycle: fileSccs[0]?.length ?? 0,
    appInFileCycle: fileSccs.some((c) => c.includes('app.ts')),
    moduleCycles: moduleSccs.length,
    areaCycles: areaSccs.length,
  },
  kernelToModule,
  filesImportingApp: appImporters,
  fileCycles: fileSccs,
  moduleCycles: moduleSccs,
  areaCycles: areaSccs,
};

if (json) {
  console.log(JSON.stringify(report, null, 2));
} else {
  const p = (s = '') => console.log(s);
  p(`Server import graph: ${files.length} files (tests, *.helpers.ts and src/test/** left out)`);
  p(table ? `Layering: ${table.map((l, i) => `${i + 1} ${l.join(', ')}`).join(' | ')}` : 'Layering: no SERVER_LAYERS in eslint.config.js');
  p();
  p('Area → area (number of file imports):');
  for (const [a, m] of Object.entries(report.areas))
    p(
      `  ${a.padEnd(22)} → ${Object.entries(m)
        .map(([b, n]) => `${b} (${n})`)
        .join(', ')}`,
    );
  p();
  p(`Module → module edges: ${moduleEdges.length} (${report.counts.moduleImports} file imports)`);
  for (const e of moduleEdges) {
    const marks = [e.up ? 'UP' : '', e.deep.length ? `DEEP ${e.deep.length}` : ''].filter(Boolean).join(', ');
    p(`  ${e.from} → ${e.to}: ${e.imports}${marks ? `  [${marks}]` : ''}`);
    for (const f of e.files) p(`      ${f}`);
  }
  p();
  p(`Kernel → module imports: ${kernelToModule.length}`);
  for (const f of kernelToModule) p(`  ${f}`);
  p();
  p(`Files importing app.ts (besides server.ts): ${appImporters.length}`);
  for (const f of appImporters) p(`  ${f}`);
  p();
  p(
    `File-level import cycles: ${fileSccs.length}; largest ${report.counts.largestFileCycle} files; app.ts in a cycle: ${report.counts.appInFileCycle ? 'yes' : 'no'}`,
  );
  for (const c of fileSccs) p(`  ${c.length} files: ${c.join(', ')}`);
  p();
  p(`Module-level cycles: ${moduleSccs.length}`);
  for (const c of moduleSccs) p(`  ${c.join(' ⇄ ')}`);
  p(`Area-level cycles (kernel and root included): ${areaSccs.length}`);
  for (const c of areaSccs) p(`  ${c.join(' ⇄ ')}`);
  p();
  p('Counts:');
  for (const [k, v] of Object.entries(report.counts)) p(`  ${k}: ${v}`);
}
