// Sums a V8 heap snapshot (v8.writeHeapSnapshot, bench/memory-probe.mjs) by where the memory goes (issue 39):
//   by script — the code of each module: its source text, its functions (closures, shared function infos,
//               bytecode, feedback), grouped as a package of node_modules, the server bundle, the server
//               renderer (dist-ssr), Node's own (node:*) and the rest;
//   by kind   — every object by its node type and constructor (strings, arrays, Object, Map…): the data.
// Self sizes (what each object takes itself, not what it keeps alive): they add up to the heap used.
import fs from 'node:fs';

/** The package or part of the project a script's URL belongs to. */
export function moduleOf(url) {
  if (!url) return '(no script)';
  if (url.startsWith('node:')) return 'node: (Node.js built-ins)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.includes('/dist-ssr/')) return 'the server renderer (dist-ssr)';
  if (url.includes('apps/server/dist/') || url.includes('/server-dist/')) return 'the server (apps/server/dist)';
  if (url.includes('/bench/')) return 'the bench probe';
  if (url.startsWith('file:') || url.startsWith('/')) return url.replace(/^file:\/\//, '');
  return '(eval and internals)';
}

/** { total, byModule: [[name, bytes]], byKind: [[name, bytes]], nodes } of a .heapsnapshot file. */
export function summarizeHeapSnapshot(file) {
  const snap = JSON.parse(fs.readFileSync(file, 'utf8'));
  const { meta } = snap.snapshot;
  const nf = meta.node_fields;
  const nodeTypes = meta.node_types[0];
  const ef = meta.edge_fields;
  const edgeTypes = meta.edge_types[0];
  const N = nf.length;
  const E = ef.length;
  const [fType, fName, fSelf, fEdges] = ['type', 'name', 'self_size', 'edge_count'].map((k) => nf.indexOf(k));
  const [eType, eName, eTo] = ['type', 'name_or_index', 'to_node'].map((k) => ef.indexOf(k));
  const { nodes, edges, strings } = snap;
  const count = nodes.length / N;
  const firstEdge = new Uint32Array(count + 1);
  for (let i = 0, e = 0; i < count; i++) {
    firstEdge[i] = e;
    e += nodes[i * N + fEdges] * E;
    firstEdge[i + 1] = e;
  }
  const typeOf = (i) => nodeTypes[nodes[i * N + fType]];
  const nameOf = (i) => strings[nodes[i * N + fName]];
  const selfOf = (i) => nodes[i * N + fSelf];
  /** the node an edge of `i` named `name` points to, or -1 */
  const child = (i, name) => {
    for (let e = firstEdge[i]; e < firstEdge[i + 1]; e += E) {
      const t = edgeTypes[edges[e + eType]];
      if (t !== 'element' && t !== 'hidden' && strings[edges[e + eName]] === name) return edges[e + eTo] / N;
    }
    return -1;
  };
  const owner = new Int32Array(count).fill(-1); // node → the Script node its memory is counted under
  const scripts = new Map(); // Script node → module name
  const scriptOf = (sfi) => {
    // V8 12 names the edge script_or_debug_info (older: script); a Script node's name is its URL
    let s = child(sfi, 'script_or_debug_info');
    if (s < 0) s = child(sfi, 'script');
    if (s < 0) return -1;
    if (!scripts.has(s)) {
      scripts.set(s, moduleOf(nameOf(s)));
      const src = child(s, 'source');
      if (src >= 0) owner[src] = s;
      owner[s] = s;
    }
    return s;
  };
  // functions: a closure → its shared function info → its script; the info's bytecode, scope info and
  // feedback metadata, and the closure's feedback cell, count for the same script
  for (let i = 0; i < count; i++) {
    if (typeOf(i) !== 'closure') continue;
    const sfi = child(i, 'shared');
    if (sfi < 0) continue;
    const s = scriptOf(sfi);
    if (s < 0) continue;
    owner[i] = s;
    owner[sfi] = s;
    for (const name of ['function_data', 'bytecode', 'name_or_scope_info', 'raw_outer_scope_info_or_feedback_metadata']) {
      const c = child(sfi, name);
      if (c >= 0 && owner[c] < 0 && typeOf(c) !== 'string') owner[c] = s;
    }
    for (const name of ['feedback_cell', 'feedback_vector']) {
      const c = child(i, name);
      if (c >= 0 && owner[c] < 0) {
        owner[c] = s;
        const v = child(c, 'value');
        if (v >= 0 && owner[v] < 0) owner[v] = s;
      }
    }
  }
  const byModule = new Map();
  const byKind = new Map();
  let total = 0;
  for (let i = 0; i < count; i++) {
    const size = selfOf(i);
    total += size;
    if (owner[i] >= 0) {
      const m = scripts.get(owner[i]);
      byModule.set(m, (byModule.get(m) ?? 0) + size);
    } else {
      const type = typeOf(i);
      const kind =
        type === 'object' || type === 'native'
          ? `${type} ${nameOf(i).slice(0, 40)}`
          : type === 'code' || type === 'hidden'
            ? `${type} ${nameOf(i).slice(0, 40)}`
            : type;
      byKind.set(kind, (byKind.get(kind) ?? 0) + size);
    }
  }
  const sorted = (m) => [...m].sort((a, b) => b[1] - a[1]);
  return { total, byModule: sorted(byModule), byKind: sorted(byKind), nodes: count };
}

// `node bench/heap-summary.mjs file.heapsnapshot`: the summary of one snapshot
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()) && process.argv[2]) {
  const s = summarizeHeapSnapshot(process.argv[2]);
  const mb = (b) => (b / 1048576).toFixed(1).padStart(6);
  console.log(`${s.nodes} objects, ${mb(s.total)} MB`);
  console.log('code by module:');
  for (const [m, b] of s.byModule.slice(0, 25)) console.log(`  ${mb(b)} MB  ${m}`);
  console.log('data by kind:');
  for (const [m, b] of s.byKind.slice(0, 25)) console.log(`  ${mb(b)} MB  ${m}`);
}
