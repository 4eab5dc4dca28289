import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendNotFound } from './errors';
import { compressedVariants, createSsr, sendHtml } from './ssr';

const API_PREFIXES = ['/api/', '/auth/', '/api', '/auth'];

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, the information
 * pages rendered by the server (plugins/ssr.ts), and every other GET for a page answered with index.html
 * (history mode). API paths keep their JSON 404.
 */
export async function registerSpa(app: FastifyInstance, webDist: string) {
  const indexFile = path.join(webDist, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ webDist }, 'web app not built; only the API is served');
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    // no route per file: the one '/*' route below sends them (reply.sendFile), so every route stays declared
    serve: false,
    index: false,
    // the build writes .br and .gz beside scripts and styles (apps/web/compress-plugin.ts)
    preCompressed: true,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      else res.header('cache-control', 'no-cache');
    },
  });
  const html = fs.readFileSync(indexFile);
  const shell = compressedVariants(html);
  const gateFile = path.join(webDist, 'gate.html');
  const gateHtml = fs.existsSync(gateFile) ? compressedVariants(fs.readFileSync(gateFile)) : null;
  // information pages arrive rendered (issue 23); the portal and admin get the shell
  const ssr = await createSsr(app, webDist, html.toString('utf8'));
  const sendIndex = (req: FastifyRequest, reply: FastifyReply) => sendHtml(req, reply.header('cache-control', 'no-cache'), shell);

  // Files at the top of dist (favicon, robots, QR image…) and assets.
  const files = new Set<string>();
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      // Vite's manifest (.vite/) is for the server renderer, not for visitors
      if (e.isDirectory()) {
        if (!e.name.startsWith('.')) walk(full);
      } else files.add('/' + path.relative(webDist, full).split(path.sep).join('/'));
    }
  };
  walk(webDist);

  // pages, not an operation of the API: left out of the OpenAPI document
  app.get('/*', { schema: { hide: true } }, async (req, reply) => {
    const url = req.url.split('?')[0]!;
    if (API_PREFIXES.some((p) => url === p || url.startsWith(p.endsWith('/') ? p : p + '/'))) {
      return sendNotFound(req, reply);
    }
    // the offline gate (issue 38): its own page at /gate, its service worker allowed to control /gate
    if (gateHtml && (url === '/gate' || url.startsWith('/gate/')) && !/\.[a-z0-9]{2,5}$/i.test(url))
      return sendHtml(req, reply.header('cache-control', 'no-cache'), gateHtml);
    if (url === '/gate/sw.js') reply.header('service-worker-allowed', '/gate');
    if (files.has(url) && url !== '/index.html') return reply.sendFile(url.slice(1));
    if (url.startsWith('/assets/') || /\.[a-z0-9]{2,5}$/i.test(url)) return sendNotFound(req, reply);
    if (ssr && (await ssr.handle(req, reply))) return reply;
    return sendIndex(req, reply);
  });
}
