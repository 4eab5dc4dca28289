// The cost of an idle open help widget (issue 12): while the consultation panel is open it asks every 10 s
// (spec 9) whether anything is new, with the conversation's ETag; an unchanged conversation answers 304 without
// a body. Measured over real HTTP on one keep-alive connection, like a browser: bytes sent and received per
// poll, polls per minute, and the same poll without the ETag (the full list) for the ratio.
//
//   npm run bench:help-poll          (embedded database; BENCH_POLLS=200)
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { consultEtag, HELP_POLL_MS } from '@rp/shared';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { DbShortStore } from '../apps/server/src/lib/short-store';
import { buildUser, loginAs } from '../apps/server/src/test/factories';

const POLLS = Number(process.env.BENCH_POLLS ?? 200);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-bench-help-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', CAPTCHA_ENABLED: 'false', SEED_DEMO: 'false' });
const database = await openDatabase({ migrate: true });
const app = await buildApp({ config, database, store: new DbShortStore(database.db), piiKey: crypto.randomBytes(32) });
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as net.AddressInfo).port;

// a member with a conversation of 20 lines (questions and answers)
const u = await buildUser(database.db);
const { authorization } = await loginAs(app, u.phone, u.password);
const staff = await buildUser(database.db, { roles: ['admin'] });
const staffAuth = await loginAs(app, staff.username, staff.password);
for (let i = 0; i < 10; i++) {
  await app.inject({ method: 'POST', url: '/api/lMessage/web/chat', headers: { authorization }, payload: { content: `比赛当天几点入场？第 ${i + 1} 个问题` } });
  await app.inject({
    method: 'POST',
    url: '/api/lMessage/web/reply',
    headers: staffAuth,
    payload: { receiverId: u.id, content: `您好，入场时间为上午 8 点。${i + 1}` },
  });
}
const first = await app.inject({ method: 'GET', url: '/api/lMessage/web/chat/list', headers: { authorization } });
const lastId = first.json().lastId as number;

/** Sends raw requests on one socket and reads whole responses: bytes up and down, status, latency. */
async function measure(withEtag: boolean) {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((r) => socket.once('connect', r));
  const request = [
    `GET /api/lMessage/web/chat/list?after=${withEtag ? lastId : 0} HTTP/1.1`,
    'Host: 127.0.0.1',
    'Accept: application/json',
    'Accept-Language: zh-CN',
    `Authorization: ${authorization}`,
    ...(withEtag ? [`If-None-Match: ${consultEtag(lastId)}`] : []),
    'Connection: keep-alive',
    '',
    '',
  ].join('\r\n');
  let up = 0;
  let down = 0;
  let status = 0;
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < POLLS; i++) {
    const response = new Promise<Buffer>((resolve) => {
      let buf = Buffer.alloc(0);
      const onData = (chunk: Buffer) => {
        buf = Buffer.concat([buf, chunk]);
        const end = buf.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = buf.subarray(0, end).toString();
        // a 304 has no body whatever its headers say
        const len = head.startsWith('HTTP/1.1 304') ? 0 : Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
        if (buf.length >= end + 4 + len) {
          socket.off('data', onData);
          resolve(buf);
        }
      };
      socket.on('data', onData);
    });
    socket.write(request);
    up += Buffer.byteLength(request);
    const res = await response;
    down += res.length;
    status = Number(res.subarray(9, 12).toString());
  }
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  socket.destroy();
  return { status, upPerPoll: up / POLLS, downPerPoll: down / POLLS, msPerPoll: ms / POLLS };
}

const idle = await measure(true);
const full = await measure(false);
const perMinute = 60_000 / HELP_POLL_MS;
console.log(`help widget, idle open panel: one poll every ${HELP_POLL_MS / 1000} s → ${perMinute} requests per minute`);
console.log(
  `  conditional poll (If-None-Match): HTTP ${idle.status}, ${idle.upPerPoll.toFixed(0)} B up, ${idle.downPerPoll.toFixed(0)} B down, ${idle.msPerPoll.toFixed(2)} ms each`,
);
console.log(
  `  full list (no ETag, 20 lines):    HTTP ${full.status}, ${full.upPerPoll.toFixed(0)} B up, ${full.downPerPoll.toFixed(0)} B down, ${full.msPerPoll.toFixed(2)} ms each`,
);
console.log(
  `  per open widget per minute: ${(((idle.upPerPoll + idle.downPerPoll) * perMinute) / 1024).toFixed(2)} KiB (up + down), ` +
    `${(full.downPerPoll / idle.downPerPoll).toFixed(1)}× less down than re-reading the list`,
);
console.log(
  `  one instance answers ${(1000 / idle.msPerPoll).toFixed(0)} idle polls per second on one connection = ${((1000 / idle.msPerPoll) * (HELP_POLL_MS / 1000)).toFixed(0)} open widgets`,
);
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
