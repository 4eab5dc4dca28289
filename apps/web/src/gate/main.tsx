import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import globalCss from '../styles/global.css?inline';
import i18n, { currentLang, loadNamespaces, rememberLang } from '../lib/i18n';
import GateApp from './GateApp';
import { GateEngine } from './engine';
import { GateStore, openGateDb } from './store';

/**
 * The offline gate's own entry (issue 38): gate.html, served at /gate, with a service worker scoped to /gate
 * (emitted by gate-sw-plugin.ts) that keeps this page and its files for a reload without network.
 */
async function boot(): Promise<void> {
  // the site's base styles, carried inside this entry: imported as a stylesheet it would be split out of the
  // site's own entry CSS (one more request on every public page)
  const style = document.createElement('style');
  style.textContent = globalCss;
  document.head.append(style);
  rememberLang();
  // the other language's texts arrive on the switch (the service worker keeps both files)
  await loadNamespaces('gate');
  document.title = i18n.t('gate:title');
  i18n.on('languageChanged', () => (document.title = i18n.t('gate:title')));
  const engine = new GateEngine(new GateStore(await openGateDb()), currentLang);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <GateApp engine={engine} />
    </StrictMode>,
  );
  if ('serviceWorker' in navigator) navigator.serviceWorker.register('/gate/sw.js', { scope: '/gate' }).catch(() => undefined);
}

void boot();
