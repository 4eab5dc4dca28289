// Imports 5,000 players from one spreadsheet on the embedded database and prints rows/s
// (issue budget: ≤ 10 s). Run: node --import tsx bench/import.ts   (BENCH_ROWS to change the size)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { DbShortStore } from '../apps/server/src/lib/short-store';
import { buildProgram, buildActivity, buildUser, loginAs } from '../apps/server/src/test/factories';
import { multipart } from '../apps/server/src/test/images';

const ROWS = Number(process.env.BENCH_ROWS ?? 5000);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-bench-import-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', CAPTCHA_ENABLED: 'false' });
const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: process.env.DATABASE_URL ? undefined : path.join(dataDir, 'pglite') });
const app = await buildApp({ config, database, store: new DbShortStore(database.db) });
await app.ready();
const db = database.db;
const activity = await buildActivity(db, { beginTime: new Date(Date.UTC(2026, 11, 20)), finishTime: new Date(Date.UTC(2026, 11, 22)) });
await buildProgram(db, activity.id, { nameZh: '机器人创意赛', nameEn: 'Robot Creativity', maxMembers: 5, minAge: 6, maxAge: 18 });
const user = await buildUser(db);
const auth = await loginAs(app, user.phone, user.password);

const wb = new ExcelJS.Workbook();
const ws = wb.addWorksheet('S');
ws.addRow(['姓名', '证件类型', '证件号码', '出生日期', '性别', '队伍名称', '赛项', '紧急联系人', '紧急联系电话']);
for (let i = 0; i < ROWS; i++) {
  const day = String((i % 28) + 1).padStart(2, '0');
  const card = `${String(110100 + (i % 900)).padStart(6, '0')}2012${String((i % 12) + 1).padStart(2, '0')}${day}${String(Math.floor(i / 900)).padStart(3, '0')}X`;
  ws.addRow([`选手${i}`, '身份证', card, '', '', `队伍${Math.floor(i / 5)}`, '机器人创意赛', '家长', '13800138000']);
}
const file = Buffer.from(await wb.xlsx.writeBuffer());
const m = multipart([{ name: 'file', filename: 'players.xlsx', data: file }]);

const t0 = performance.now();
const res = await app.inject({
  method: 'POST',
  url: `/api/lTeamMember/web/import?activityId=${activity.id}&mode=commit&atomic=1`,
  headers: { ...auth, ...m.headers },
  payload: m.payload,
});
const ms = performance.now() - t0;
const data = res.json().data;
console.log(`database            ${database.kind}`);
console.log(`rows in sheet       ${ROWS} (${(file.length / 1024).toFixed(0)} KB)`);
console.log(`written             ${data?.written} players, ${Math.ceil(ROWS / 5)} teams created`);
console.log(`time                ${(ms / 1000).toFixed(2)} s  (budget ≤ 10 s)`);
console.log(`rate                ${Math.round((ROWS / ms) * 1000)} rows/s`);
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(res.statusCode === 200 && data?.written === ROWS && ms <= 10_000 ? 0 : 1);
