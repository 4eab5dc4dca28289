// Matching 9,999 avatar file names against 10,000 players (issue 5 budget: ≤ 1 s in the browser).
// Runs the same shared function the web app uses, in Chromium when available (else in Node), and prints
// the time and its ratio to a plain loop over the names. Run: node --import tsx bench/avatar-match.ts
import fs from 'node:fs';
import { matchAvatars } from '../packages/shared/src/rules/avatar-match';

const PLAYERS = 10_000;
const FILES = 9_999;
const players = Array.from({ length: PLAYERS }, (_, i) => ({
  id: i + 1,
  name: `选手${i % 9000}`,
  card: i % 7 ? `110***********${String(i).padStart(4, '0')}` : null,
}));
const files = Array.from({ length: FILES }, (_, i) => `选手${(i * 7919) % 10_500}.jpg`);

function timeIt(fn: () => void, runs = 5): number {
  fn();
  const t: number[] = [];
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    fn();
    t.push(performance.now() - s);
  }
  return t.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

async function inChromium(): Promise<{ match: number; loop: number } | null> {
  try {
    const { chromium } = await import('@playwright/test');
    const browser = await chromium.launch({
      executablePath:
        process.env.CHROMIUM_PATH ?? (fs.existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium'),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    });
    const page = await browser.newPage();
    const src = `${matchAvatars.toString()}; ${baseNameSrc}`;
    // A plain string, so the TypeScript loader's helpers never reach the page.
    const script = `(() => {
      const __name = (f) => f;
      ${src};
      const players = ${JSON.stringify(players)};
      const files = ${JSON.stringify(files)};
      const med = (f) => { f(); const t = []; for (let i = 0; i < 5; i++) { const s = performance.now(); f(); t.push(performance.now() - s); } return t.sort((a, b) => a - b)[2]; };
      let sink = 0;
      const match = med(() => matchAvatars(files, players));
      const loop = med(() => { for (const f of files) sink += f.length; });
      return { match, loop: loop + sink * 0 };
    })()`;
    const r = (await page.evaluate(script)) as { match: number; loop: number };
    await browser.close();
    return r;
  } catch (e) {
    console.error('Chromium not available, measuring in Node:', (e as Error).message.split('\n')[0]);
    return null;
  }
}
const { baseName } = await import('../packages/shared/src/rules/avatar-match');
const baseNameSrc = baseName.toString();

let sink = 0;
const browser = await inChromium();
const match = browser?.match ?? timeIt(() => void matchAvatars(files, players));
const loop =
  browser?.loop ??
  timeIt(() => {
    for (const f of files) sink += f.length;
  });
const rows = matchAvatars(files, players);
console.log(`where               ${browser ? 'Chromium' : 'Node'}`);
console.log(`files × players    ${FILES} × ${PLAYERS} (${rows.filter((r) => r.player).length} matched, ${rows.filter((r) => r.ambiguous).length} ambiguous)`);
console.log(`match              ${match.toFixed(2)} ms (budget ≤ 1000 ms)`);
console.log(`plain loop         ${loop.toFixed(3)} ms`);
console.log(`ratio              ${(match / Math.max(loop, 0.001)).toFixed(1)} × the plain loop`);
process.exit(match <= 1000 ? 0 : 1 + sink * 0);
