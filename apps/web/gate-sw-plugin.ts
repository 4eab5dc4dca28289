import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/**
 * The offline gate's service worker (issue 38), written at build time as dist/gate/sw.js: it precaches /gate
 * (the page, served from gate.html), its entry chunk with every chunk that imports statically, their CSS, the
 * gate's texts in both languages and the QR decoder — so a reload with no network opens the gate. The server
 * serves it with Service-Worker-Allowed: /gate (plugins/spa.ts) and the page registers it with scope /gate.
 */
export function gateServiceWorker(): Plugin {
  return {
    name: 'rp-gate-sw',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = gateFiles(bundle);
      if (!files) return;
      const version = hash(files.join('\n'));
      this.emitFile({ type: 'asset', fileName: 'gate/sw.js', source: swSource(version, ['/gate', '/gate/manifest.webmanifest', '/favicon.svg', ...files]) });
    },
  };
}

function gateFiles(bundle: OutputBundle): string[] | null {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const entry = chunks.find((c) => c.isEntry && /\/gate\.html$/.test(c.facadeModuleId ?? ''));
  if (!entry) return null;
  const out = new Set<string>();
  const visit = (c: OutputChunk) => {
    if (out.has(c.fileName)) return;
    out.add(c.fileName);
    for (const css of c.viteMetadata?.importedCss ?? []) out.add(css);
    for (const f of c.imports) {
      const next = bundle[f];
      if (next?.type === 'chunk') visit(next);
    }
    // lazy parts the gate uses offline: its texts (both languages) and the QR decoder
    for (const f of c.dynamicImports) {
      const next = bundle[f];
      if (next?.type === 'chunk' && /locales\/(zh|en)\/gate\.json$|\/jsqr\//.test(next.facadeModuleId ?? '')) visit(next);
    }
  };
  visit(entry);
  return [...out].map((f) => '/' + f).sort();
}

function hash(text: string): string {
  let h = 5381;
  for (let i = 0; i < text.length; i++) h = ((h << 5) + h + text.charCodeAt(i)) >>> 0;
  return h.toString(36);
}

function swSource(version: string, files: string[]): string {
  return `// the offline gate's service worker (issue 38), written by apps/web/gate-sw-plugin.ts
const CACHE = 'gate-${version}';
const FILES = ${JSON.stringify(files)};
self.addEventListener('install', (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});
self.addEventListener('activate', (e) => {
  e.waitUntil(
    caches.keys().then((keys) => Promise.all(keys.filter((k) => k.startsWith('gate-') && k !== CACHE).map((k) => caches.delete(k)))).then(() => self.clients.claim()),
  );
});
// the page: from the network when it answers within 3 s (a new build), else the kept copy
const page = (req) =>
  new Promise((resolve) => {
    let settled = false;
    const fallback = () => caches.match('/gate').then((hit) => { if (!settled) { settled = true; resolve(hit || Response.error()); } });
    const timer = setTimeout(fallback, 3000);
    fetch(req).then(
      (res) => {
        clearTimeout(timer);
        if (settled) return;
        if (!res.ok) return fallback();
        settled = true;
        const copy = res.clone();
        caches.open(CACHE).then((c) => c.put('/gate', copy));
        resolve(res);
      },
      () => { clearTimeout(timer); fallback(); },
    );
  });
self.addEventListener('fetch', (e) => {
  const req = e.request;
  const url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== self.location.origin) return;
  // the API is never answered from a cache: the gate decides itself when it fails
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/auth/')) return;
  if (req.mode === 'navigate') return e.respondWith(page(req));
  e.respondWith(
    caches.match(req).then(
      (hit) =>
        hit ||
        fetch(req).then((res) => {
          if (res.ok && url.pathname.startsWith('/assets/')) {
            const copy = res.clone();
            caches.open(CACHE).then((c) => c.put(req, copy));
          }
          return res;
        }),
    ),
  );
});
`;
}
