// Loaded into the server by bench/memory.mjs (`node --import bench/memory-probe.mjs …`): on SIGUSR2 it
// writes the process's own memoryUsage() and V8's heap spaces to MEMORY_PROBE_FILE, so the bench can say
// where the memory goes (V8 heap, external, array buffers, WebAssembly memories) without an inspector.
// When `<file>.want-snapshot` exists it also writes a heap snapshot beside that file (`<file>.heapsnapshot`,
// v8.writeHeapSnapshot; it doubles the resident memory for a while, so the bench asks for it last) that the
// bench sums by script and by kind of object. Does nothing without MEMORY_PROBE_FILE.
import fs from 'node:fs';
import v8 from 'node:v8';

const file = process.env.MEMORY_PROBE_FILE;
if (file) {
  // WebAssembly memories (PGlite's heap): counted in `external`, not in `arrayBuffers`; their own size is the
  // figure that says how much of external is PGlite's
  const memories = new Set();
  const Memory = WebAssembly.Memory;
  WebAssembly.Memory = new Proxy(Memory, {
    construct(target, args, newTarget) {
      const m = Reflect.construct(target, args, newTarget);
      memories.add(new WeakRef(m));
      return m;
    },
  });
  const wasmBytes = () => {
    let total = 0;
    for (const ref of memories) {
      const m = ref.deref();
      if (m) total += m.buffer.byteLength;
      else memories.delete(ref);
    }
    return total;
  };
  process.on('SIGUSR2', () => {
    let snapshot;
    if (fs.existsSync(`${file}.want-snapshot`)) {
      snapshot = `${file}.heapsnapshot`;
      fs.rmSync(snapshot, { force: true });
      v8.writeHeapSnapshot(snapshot);
    }
    const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, s.space_used_size]));
    fs.writeFileSync(`${file}.tmp`, JSON.stringify({ ...process.memoryUsage(), wasm: wasmBytes(), spaces, snapshot }));
    fs.renameSync(`${file}.tmp`, file);
  });
}
