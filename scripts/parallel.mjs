// `node scripts/parallel.mjs lint typecheck`: runs those npm scripts at the same time and fails if any fails.
// ESLint is single-threaded and the native TypeScript compiler is done in seconds, so on two cores the pair
// costs about as long as the slower one. Each script's output is printed whole when it ends (not interleaved),
// with its seconds, in the order they finish.
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (!names.length) {
  console.error('usage: node scripts/parallel.mjs <npm script> [<npm script> …]');
  process.exit(2);
}

const started = Date.now();
const results = await Promise.all(
  names.map(
    (name) =>
      new Promise((resolve) => {
        const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
        const out = [];
        child.stdout.on('data', (d) => out.push(d));
        child.stderr.on('data', (d) => out.push(d));
        child.on('close', (code, signal) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          const status = code === 0 ? 'ok' : `FAILED (${signal ?? `exit ${code}`})`;
          process.stdout.write(`\n--- npm run ${name}: ${status} in ${seconds} s ---\n${Buffer.concat(out).toString()}`);
          resolve(code === 0);
        });
      }),
  ),
);
process.exit(results.every(Boolean) ? 0 : 1);
