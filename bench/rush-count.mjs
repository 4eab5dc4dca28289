// Preloaded into bench/rush.mjs's servers (node --import): counts the SQL statements the process sends (every
// pg Client.query — BEGIN and COMMIT too; drizzle and the pool both go through it) and prints the running
// total on SIGUSR2, so the bench can say how many statements each write costs (machine-independent).
// RUSH_TRACE=<file>: while <file>.on exists, each statement's time and text is appended to <file> (BENCH_TRACE=1).
import fs from 'node:fs';
import { createRequire } from 'node:module';

const pg = createRequire(import.meta.url)('pg');
const trace = process.env.RUSH_TRACE;
let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (...args) {
  statements++;
  if (trace && fs.existsSync(`${trace}.on`)) {
    const text = String(typeof args[0] === 'string' ? args[0] : args[0]?.text).replace(/\s+/g, ' ');
    const t0 = performance.now();
    const log = () => fs.appendFileSync(trace, `${(performance.now() - t0).toFixed(1).padStart(7)} ms  ${text.slice(0, 150)}\n`);
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const done = args[last];
      args[last] = (...a) => (log(), done(...a));
    }
    const r = query.apply(this, args);
    if (r && typeof r.then === 'function') r.then(log, log);
    else if (r && typeof r.on === 'function') r.on('end', log).on('error', log);
    return r;
  }
  return query.apply(this, args);
};
process.on('SIGUSR2', () => process.stderr.write(`STATEMENTS ${statements}\n`));
