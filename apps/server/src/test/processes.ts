import fs from 'node:fs';

/**
 * The command lines of this process' child processes now (Linux /proc: each thread's children). A thread or a
 * child that ends while it is read is skipped, never thrown (these are read from timers while work starts and
 * ends processes and threads).
 */
export function childCommandLines(): Map<string, string> {
  const found = new Map<string, string>();
  const read = (file: string) => {
    try {
      return fs.readFileSync(file, 'utf8');
    } catch {
      return null;
    }
  };
  let tasks: string[];
  try {
    tasks = fs.readdirSync('/proc/self/task');
  } catch {
    return found;
  }
  for (const t of tasks)
    for (const pid of (read(`/proc/self/task/${t}/children`) ?? '').split(' ').filter(Boolean)) {
      const cmdline = read(`/proc/${pid}/cmdline`);
      if (cmdline !== null) found.set(pid, cmdline);
    }
  return found;
}
