// Loaded into the server by bench/memory.mjs (`node --import bench/memory-probe.mjs …`): on SIGUSR2 it
// writes the process's own memoryUsage() to MEMORY_PROBE_FILE, so the bench can say where the memory goes
// (V8 heap, external, array buffers) without an inspector. Does nothing without MEMORY_PROBE_FILE.
import fs from 'node:fs';

const file = process.env.MEMORY_PROBE_FILE;
if (file) {
  process.on('SIGUSR2', () => {
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(process.memoryUsage()));
    fs.renameSync(`${file}.tmp`, file);
  });
}
