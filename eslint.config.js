// ESLint (flat config): typescript-eslint, react-hooks, and the import boundaries of docs/ARCHITECTURE.md.
// `npm run lint` runs it with Prettier's check; `npm test` runs lint first.
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const root = path.dirname(new URL(import.meta.url).pathname);
const rel = (file) => path.relative(root, file).split(path.sep).join('/');

/** Where an import lands, as a repository path (relative specifiers only; packages are named). */
function target(file, spec) {
  if (spec.startsWith('.')) return rel(path.resolve(path.dirname(file), spec));
  return spec;
}

/**
 * The server's layering (issue 25, docs/ARCHITECTURE.md "Layering"), bottom → top. A module imports only
 * modules of a LOWER layer, and only through their index.ts; the kernel (config, deps, db, lib, plugins)
 * imports no module; only app.ts and server.ts (the composition root) import app.ts. Where a lower module
 * must react to a higher one, the higher publishes a domain event (lib/events.ts) or calls an extension
 * point the lower one defines. scripts/module-graph.mjs reads this table too.
 */
export const SERVER_LAYERS = [
  ['auth', 'uploads'],
  ['wechat'],
  ['messages', 'users'],
  ['content'],
  ['registration'],
  ['season'],
  ['channels'],
  ['payments'],
  ['tickets', 'awards', 'exam', 'volunteers', 'consult'],
  ['admin', 'health', 'integrations', 'rights'],
];

const SERVER = 'apps/server/src/';
const serverLayer = new Map(SERVER_LAYERS.flatMap((names, i) => names.map((n) => [n, i + 1])));
/** Tests and their helpers import whatever they need. */
const serverExempt = (file) => /\.(test|helpers)\.ts$/.test(file) || file.startsWith(`${SERVER}test/`);
const isKernel = (rel) => ['config', 'deps'].includes(rel.replace(/\.ts$/, '')) || /^(db|lib|plugins)\//.test(rel);

/** The server's layering (SERVER_LAYERS): why an import from `file` to `to` (repository paths) is refused, or null. */
function serverWhy(file, to) {
  if (!file.startsWith(SERVER) || !to.startsWith(SERVER) || serverExempt(file)) return null;
  const from = file.slice(SERVER.length);
  const target = to.slice(SERVER.length).replace(/\.(ts|js)$/, '');
  const root = from === 'app.ts' || from === 'server.ts';
  if (target === 'app' && !root) return 'only the composition root (server.ts) imports app.ts: take AppDeps and Db/Tx from deps.ts';
  const toModule = /^modules\/([^/]+)(\/.*)?$/.exec(target);
  if (!toModule) return null;
  const [, b, rest = ''] = toModule;
  if (isKernel(from))
    return 'the kernel (config, deps, db, lib, plugins) imports no module: move the shared part to lib/ or let the module register into the kernel';
  const a = /^modules\/([^/]+)\//.exec(from)?.[1];
  if (a === b) return null;
  if (rest !== '' && rest !== '/index') return `another module is imported only through its public entry: '…/${b}/index'`;
  if (!a) return null;
  if (!serverLayer.has(a)) return `module '${a}' has no layer: add it to SERVER_LAYERS in eslint.config.js`;
  if (!serverLayer.has(b)) return `module '${b}' has no layer: add it to SERVER_LAYERS in eslint.config.js`;
  if (serverLayer.get(b) >= serverLayer.get(a))
    return `'${a}' (layer ${serverLayer.get(a)}) may import only modules below it; '${b}' is layer ${serverLayer.get(b)}: publish a domain event (lib/events.ts) or define an extension point in '${b}' instead`;
  return null;
}

/**
 * The boundaries: features never import each other; server never imports web; shared imports neither; the
 * server's modules import only lower modules through their index.ts, the kernel no module, nobody app.ts.
 */
const boundaries = {
  meta: { type: 'problem', schema: [], messages: { cross: '{{from}} may not import {{to}} ({{why}})' } },
  create(context) {
    const file = rel(context.filename);
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string') return;
      const to = target(context.filename, spec);
      let why;
      const feature = /^apps\/web\/src\/features\/([^/]+)\//.exec(file)?.[1];
      const toFeature = /^apps\/web\/src\/features\/([^/]+)(\/|$)/.exec(to)?.[1];
      if (feature && toFeature && toFeature !== feature) why = 'features never import each other: move the shared part to lib/ or ui/';
      else if (file.startsWith('apps/server/') && (to.startsWith('apps/web/') || spec.startsWith('@rp/web'))) why = 'the server never imports web code';
      else if (file.startsWith('apps/web/') && (to.startsWith('apps/server/') || spec.startsWith('@rp/server'))) why = 'the web never imports server code';
      else if (file.startsWith('packages/shared/') && (to.startsWith('apps/') || spec.startsWith('@rp/server') || spec.startsWith('@rp/web')))
        why = 'shared imports neither server nor web';
      else why = serverWhy(file, to);
      if (why) context.report({ node, messageId: 'cross', data: { from: file, to: to, why } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: (node) => check({ ...node, source: node.source }),
      // a type written as `import('../payments/index').X` / `typeof import(…)` is an import too
      TSImportType: (node) => check({ ...node, source: node.source ?? node.argument?.literal }),
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'apps/web/dist-ssr/**',
      '**/build/**',
      'apps/web/public/**',
      'e2e/test-results*/**',
      'e2e/playwright-report/**',
      '**/*.d.ts',
      '**/.*',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node, ...globals.browser } },
    plugins: { house: { rules: { boundaries } } },
    rules: {
      'house/boundaries': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      // input checks match control characters on purpose (NUL bytes, C0 codes in names and URLs)
      'no-control-regex': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
