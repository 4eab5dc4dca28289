// Preloaded into bench/rush.mjs's servers (node --import): counts the SQL statements the process sends (every
// pg Client.query — BEGIN and COMMIT too; drizzle and the pool both go through it) and prints the running
// total on SIGUSR2, so the bench can say how many statements each write costs (machine-independent).
// RUSH_TRACE=<file>: while <file>.on exists, each statement's text is appended to <file> (BENCH_TRACE=1).
import fs from 'node:fs';
import { createRequire } from 'node:module';

const pg = createRequire(import.meta.url)('pg');
const trace = process.env.RUSH_TRACE;
let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (...args) {
  statements++;
  if (trace && fs.existsSync(`${trace}.on`)) {
    const text = typeof args[0] === 'string' ? args[0] : args[0]?.text;
    fs.appendFileSync(trace, `${String(text).replace(/\s+/g, ' ').slice(0, 160)}\n`);
  }
  return query.apply(this, args);
};
process.on('SIGUSR2', () => process.stderr.write(`STATEMENTS ${statements}\n`));
