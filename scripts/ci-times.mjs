// `npm run ci:times -- <log>`: each step's seconds of a `bash .ci/run` log, and the total.
// .ci/run prints a line `=== <step> (<seconds since start>s) ===` when a step begins; a step lasts until the
// next line. It also keeps those lines in $CI_TIMES (default .ci/times.log) and calls this script on exit, so
// every run ends with the table even when a step failed. With no argument the script reads .ci/times.log.
import fs from 'node:fs';

const file = process.argv[2] ?? '.ci/times.log';
if (!fs.existsSync(file)) {
  console.error(`no CI log at ${file}: run \`bash .ci/run\` first, or name its saved output`);
  process.exit(2);
}
const marks = [];
for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
  const m = /^=== (.+) \((\d+)s\) ===$/.exec(line.trim());
  if (m) marks.push({ step: m[1], at: Number(m[2]) });
}
if (!marks.length) {
  console.error(`${file} holds no step lines (=== step (Ns) ===)`);
  process.exit(2);
}
const width = Math.max(...marks.map((m) => m.step.length));
const fmt = (s) => `${String(s).padStart(5)} s  ${(s / 60).toFixed(1).padStart(5)} min`;
console.log('\nCI step times');
for (let i = 0; i < marks.length - 1; i++) console.log(`  ${marks[i].step.padEnd(width)}  ${fmt(marks[i + 1].at - marks[i].at)}`);
const last = marks[marks.length - 1];
console.log(`  ${'total'.padEnd(width)}  ${fmt(last.at)}${last.step === 'done' ? '' : `  (stopped in: ${last.step})`}`);
