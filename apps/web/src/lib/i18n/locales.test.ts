import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentResources, paymentResources, registrationResources, seasonResources, type ResourceDef } from '@rp/shared';
import { fieldLabelKey } from '../../admin/resources/model';
import { RESOURCE_LABELS } from '@rp/shared/resources/labels';
import { appSources } from '../../test/sources';

/**
 * Locale hygiene.
 * (a) Every namespace has the same keys (deep) in zh and en, no empty texts, same {{placeholders}}.
 * (b) Every key the code uses exists in both languages. The house style is one form only:
 *     a namespaced string literal 'ns:key.path' — in t('…'), i18nKey="…", or in a table of keys
 *     (route titles, nav items) later passed to t(). The scan therefore checks every string literal
 *     that starts with a known namespace, and rejects t() calls whose literal has no namespace or that
 *     build keys with template literals or concatenation.
 * (c) Public first-load code uses only the namespaces bundled with the entry.
 */
const SRC = join(__dirname, '..', '..');
const LOCALES = join(SRC, 'locales');
const LANGS = ['zh', 'en'] as const;
const CORE_NAMESPACES = ['common', 'nav', 'routes', 'errors', 'footer', 'help'];

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

function loadLang(lang: string): Map<string, Map<string, string>> {
  const namespaces = new Map<string, Map<string, string>>();
  for (const file of readdirSync(join(LOCALES, lang))) {
    if (!file.endsWith('.json')) continue;
    namespaces.set(file.replace(/\.json$/, ''), flatten(JSON.parse(readFileSync(join(LOCALES, lang, file), 'utf8')) as Tree));
  }
  return namespaces;
}

const resources = Object.fromEntries(LANGS.map((l) => [l, loadLang(l)])) as Record<(typeof LANGS)[number], Map<string, Map<string, string>>>;
// the admin resources' labels come from the shared package (lib/i18n merges them into the admin namespace)
for (const l of LANGS) for (const [k, v] of flatten(RESOURCE_LABELS[l] as Tree)) resources[l].get('admin')!.set(k, v);
const namespaces = [...new Set(LANGS.flatMap((l) => [...resources[l].keys()]))].sort();

const sources = appSources();

function hasKey(lang: (typeof LANGS)[number], fullKey: string): boolean {
  const [ns, key] = [fullKey.slice(0, fullKey.indexOf(':')), fullKey.slice(fullKey.indexOf(':') + 1)];
  return resources[lang].get(ns)?.has(key) ?? false;
}

const nsAlternation = namespaces.join('|');
// The one place keys are built from data: admin field labels from the shared resource definitions
// (every key it can produce is checked by 'keys derived from the admin resource definitions').
const DERIVED_KEY_BUILDERS = ['admin/resources/model.ts'];
// A string literal (single, double or back quotes) that starts with a known namespace and a colon.
const NS_LITERAL = new RegExp(`(['"\`])((?:${nsAlternation}):[^'"\`\\s]*)\\1`, 'g');

describe('locale files', () => {
  it('found namespaces and source files to check', () => {
    expect(namespaces.length).toBeGreaterThanOrEqual(8);
    expect(sources.length).toBeGreaterThan(20);
  });

  it.each(namespaces)('namespace %s has the same keys in zh and en', (ns) => {
    const zh = resources.zh.get(ns);
    const en = resources.en.get(ns);
    expect(zh, `locales/zh/${ns}.json missing`).toBeDefined();
    expect(en, `locales/en/${ns}.json missing`).toBeDefined();
    const onlyZh = [...zh!.keys()].filter((k) => !en!.has(k));
    const onlyEn = [...en!.keys()].filter((k) => !zh!.has(k));
    expect(onlyZh, `keys only in zh/${ns}.json`).toEqual([]);
    expect(onlyEn, `keys only in en/${ns}.json`).toEqual([]);
  });

  it.each(namespaces)('namespace %s has no empty texts and matching {{placeholders}}', (ns) => {
    const zh = resources.zh.get(ns)!;
    const en = resources.en.get(ns)!;
    const vars = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    for (const [key, text] of zh) {
      expect(text.trim(), `zh ${ns}:${key} is empty`).not.toBe('');
      expect(en.get(key)?.trim(), `en ${ns}:${key} is empty`).not.toBe('');
      expect(vars(en.get(key) ?? ''), `placeholders of ${ns}:${key}`).toEqual(vars(text));
    }
  });
});

describe('English texts (issue 24)', () => {
  it('use no full-width punctuation and say "1 row", not "1 rows" (a count text has its _one form)', () => {
    const wrong: string[] = [];
    for (const [ns, keys] of resources.en)
      for (const [key, text] of keys) {
        if (/[：（），]/.test(text)) wrong.push(`en ${ns}:${key} has full-width punctuation`);
        // "{{count}} <plural word>" needs a _one form next to it
        if (/\{\{count\}\} [a-z]+s\b/.test(text) && !/_(one|other)$/.test(key) && !keys.has(`${key}_one`)) wrong.push(`en ${ns}:${key} has no _one form`);
      }
    expect(wrong).toEqual([]);
  });
});

describe('keys used in the code', () => {
  it('every namespaced key literal exists in both languages', () => {
    const missing: string[] = [];
    for (const { path, text } of sources) {
      for (const m of text.matchAll(NS_LITERAL)) {
        const key = m[2]!;
        if (key.includes('${')) {
          // A key built from data is allowed only where the derived-keys test below enumerates it.
          if (!DERIVED_KEY_BUILDERS.includes(path)) missing.push(`${path}: built key '${key}' (only ${DERIVED_KEY_BUILDERS.join(', ')} may build keys)`);
          continue;
        }
        for (const lang of LANGS) if (!hasKey(lang, key)) missing.push(`${path}: '${key}' missing in ${lang}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('t() and i18nKey use the one key style: a namespaced literal, no built keys', () => {
    const problems: string[] = [];
    for (const { path, text } of sources) {
      // t('…'), i18n.t("…"), t(`…`)
      for (const m of text.matchAll(/\bt\(\s*(['"`])([^'"`]*)\1\s*([,)+])/g)) {
        const [, quote, key, after] = m as unknown as [string, string, string, string];
        if (quote === '`' && key.includes('${')) problems.push(`${path}: template literal key t(\`${key}\`)`);
        else if (after === '+') problems.push(`${path}: concatenated key t('${key}' + …)`);
        else if (!new RegExp(`^(?:${nsAlternation}):`).test(key)) problems.push(`${path}: t('${key}') has no known namespace`);
      }
      for (const m of text.matchAll(/\bt\(\s*`[^`]*\$\{/g)) problems.push(`${path}: template literal key ${m[0]}`);
      for (const m of text.matchAll(/i18nKey=["']([^"']*)["']/g)) {
        if (!new RegExp(`^(?:${nsAlternation}):`).test(m[1]!)) problems.push(`${path}: i18nKey="${m[1]}" has no known namespace`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('public first-load code uses only the namespaces bundled with the entry', () => {
    const publicCode = sources.filter(
      ({ path }) =>
        // router.tsx and admin-routes.tsx are left out: their handles name titles of lazy routes, whose namespaces load first.
        (/^(app\/layout\/(?!HelpPanel)|app\/[^/]+\.tsx$|features\/(placeholder|status-pages)\/|ui\/)/.test(path) || path === 'lib/Toaster.tsx') &&
        path !== 'app/router.tsx' &&
        path !== 'app/admin-routes.tsx',
    );
    expect(publicCode.length).toBeGreaterThan(10);
    const wrong: string[] = [];
    for (const { path, text } of publicCode) {
      for (const m of text.matchAll(NS_LITERAL)) {
        const ns = m[2]!.split(':')[0]!;
        if (!CORE_NAMESPACES.includes(ns)) wrong.push(`${path}: '${m[2]}' is in a lazily loaded namespace`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the entry bundles exactly the core namespaces (keep lib/i18n/index.ts in step)', () => {
    const i18nSource = readFileSync(join(SRC, 'lib', 'i18n', 'index.ts'), 'utf8');
    const globs = [...i18nSource.matchAll(/locales\/\*\/\{([\w,]+)\}\.json/g)].map((m) => m[1]!.split(',').sort());
    expect(globs.length).toBeGreaterThanOrEqual(2);
    for (const list of globs) expect(list).toEqual([...CORE_NAMESPACES].sort());
    const lazy = namespaces.filter((n) => !CORE_NAMESPACES.includes(n)).sort();
    const declared = /type LazyNamespace =\s*([^;]+);/
      .exec(i18nSource)![1]!
      .match(/'(\w+)'/g)!
      .map((s) => s.slice(1, -1))
      .sort();
    expect(declared).toEqual(lazy);
  });
});

describe('keys derived from the admin resource definitions', () => {
  // The generic admin screens build field label keys from the definitions (admin:fields.<resource>.<field>);
  // every key any definition can produce must exist in both languages.
  const derived = ([...contentResources, ...registrationResources, ...paymentResources, ...seasonResources] as readonly ResourceDef[]).flatMap((def) => [
    def.labelKey,
    ...def.fields.map((f) => fieldLabelKey(def, f)),
    ...def.fields.flatMap((f) => (f.options ?? []).map((o) => o.labelKey)),
  ]);

  it('covers every resource, field and option', () => {
    expect(contentResources.length).toBeGreaterThanOrEqual(10);
    expect(registrationResources.map((r) => r.name)).toEqual(['teams', 'players', 'leaders', 'redeemCodes']);
    for (const key of [
      'admin:options.payStatus.9',
      'admin:options.teamStatus.7',
      'admin:options.codeType.20',
      'admin:options.codeStatus.used',
      'admin:fields.players.cardMasked',
      'admin:options.orderStatus.abnormal',
      'admin:options.payChannel.bank',
      'admin:fields.ledger.providerRef',
      'admin:resources.bankAccounts',
      'admin:fields.materials.remaining',
      'admin:options.memberAuditStatus.rejected',
      'admin:fields.activities.paymentAccountId',
    ])
      expect(derived).toContain(key);
    expect(derived.length).toBeGreaterThan(100);
  });

  it.each(LANGS)('every label, field and option key exists in %s', (lang) => {
    const missing = derived.filter((key) => !hasKey(lang, key));
    expect(missing).toEqual([]);
  });

  it('a missing key would fail', () => {
    expect(hasKey('zh', fieldLabelKey({ name: 'news' }, { name: 'noSuchField' }))).toBe(false);
  });
});

describe('no hard-coded Chinese in components', () => {
  it('has no CJK characters in .ts/.tsx outside the locale files', () => {
    const offenders = sources.filter(({ raw }) => /[\u3400-\u9fff\uff01-\uff5e\u3000-\u303f]/.test(raw)).map((s) => s.path);
    expect(offenders).toEqual([]);
  });
});
