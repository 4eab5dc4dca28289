// `npm run ci:times -- <log>`: each step's wall seconds and CPU-seconds of a `bash .ci/run` log, and the total.
// .ci/run prints a line `=== <step> (<seconds since start>s, cpu <CPU-seconds so far>s) ===` when a step begins; a
// step lasts until the next line. A job that ran in the background beside a step is logged when it is waited for,
// `+++ <name> (<wall>s, cpu <cpu>s) in: <step> +++`: its CPU is counted in the step it ran beside (and taken out
// of the step that waited for it), and it gets a row of its own under that step. .ci/run also keeps those lines in
// $CI_TIMES (default .ci/times.log) and calls this script on exit, so every run ends with the table even when a
// step failed. With no argument the script reads .ci/times.log. Logs of older runs (no cpu) print wall seconds.
//
// "cores" is CPU-seconds per wall second: near 2 a step kept both cores of a 2-core machine busy; well under it, a
// step waited (network, a database server, a lone single-threaded tool) and something could run beside it.
import fs from 'node:fs';

const file = process.argv[2] ?? '.ci/times.log';
if (!fs.existsSync(file)) {
  console.error(`no CI log at ${file}: run \`bash .ci/run\` first, or name its saved output`);
  process.exit(2);
}
const marks = [];
const background = [];
for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
  const m = /^=== (.+) \((\d+)s(?:, cpu (\d+(?:\.\d+)?)s)?\) ===$/.exec(line.trim());
  if (m) marks.push({ step: m[1], at: Number(m[2]), cpu: m[3] === undefined ? null : Number(m[3]) });
  const b = /^\+\+\+ (.+) \((\d+)s, cpu (\d+(?:\.\d+)?)s\) (in|within): (.+) \+\+\+$/.exec(line.trim());
  if (b && marks.length) background.push({ name: b[1], wall: Number(b[2]), cpu: Number(b[3]), moved: b[4] === 'in', beside: b[5], reapedIn: marks.length - 1 });
}
if (!marks.length) {
  console.error(`${file} holds no step lines (=== step (Ns) ===)`);
  process.exit(2);
}
const rows = marks.slice(0, -1).map((m, i) => ({
  step: m.step,
  wall: marks[i + 1].at - m.at,
  cpu: m.cpu === null || marks[i + 1].cpu === null ? null : marks[i + 1].cpu - m.cpu,
  jobs: [],
}));
for (const job of background) {
  const reaped = rows[job.reapedIn];
  const beside = rows.find((r) => r.step === job.beside);
  // (`within`: the run's CPU was read from its cgroup, which counted the job in the steps it ran beside already)
  if (job.moved && reaped && reaped.cpu !== null) reaped.cpu -= job.cpu;
  if (beside) {
    if (job.moved && beside.cpu !== null) beside.cpu += job.cpu;
    beside.jobs.push(job);
  }
}
const label = (r) => r.step;
const width = Math.max(5, ...rows.map((r) => label(r).length), ...background.map((j) => j.name.length + 20));
const cpuCol = (cpu, wall) => (cpu === null ? '' : `  ${cpu.toFixed(1).padStart(7)} CPU-s  ${wall > 0 ? (cpu / wall).toFixed(2) : '  -  '} cores`);
const fmt = (s) => `${String(s).padStart(5)} s  ${(s / 60).toFixed(1).padStart(5)} min`;
console.log('\nCI step times (wall; CPU-seconds: user + system of everything the step ran)');
for (const r of rows) {
  console.log(`  ${label(r).padEnd(width)}  ${fmt(r.wall)}${cpuCol(r.cpu, r.wall)}`);
  for (const j of r.jobs) console.log(`    ${`└ ${j.name} (beside it)`.padEnd(width - 2)}  ${fmt(j.wall)}${cpuCol(j.cpu, j.wall)}`);
}
const last = marks[marks.length - 1];
const total = last.cpu === null || marks[0].cpu === null ? null : last.cpu - marks[0].cpu;
console.log(`  ${'total'.padEnd(width)}  ${fmt(last.at)}${cpuCol(total, last.at)}${last.step === 'done' ? '' : `  (stopped in: ${last.step})`}`);
