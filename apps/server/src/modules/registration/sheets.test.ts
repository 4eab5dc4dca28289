import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { teamMembers } from '../../db/schema/index';
import { SHEET_JOBS, setSheetJobLimits } from '../../lib/spreadsheet';
import { useTestApp } from '../../test/context';
import { buildRegistrationActivity, buildUser, idCard, loginAs } from '../../test/factories';
import { multipart } from '../../test/images';
import { codeRows, sheetBomb, xlsFile, xlsxParts, zip } from '../../test/sheets';

// Issue 9 finding 6 (spreadsheet bomb) and the spec's .xls imports, through the API.
const t = useTestApp();
const MB = 1024 * 1024;
const defaults = { ...SHEET_JOBS };
afterEach(() => setSheetJobLimits(defaults));

async function setup() {
  const reg = await buildRegistrationActivity(t().database.db);
  const u = await buildUser(t().database.db);
  const h = await loginAs(t().app, u.phone, u.password);
  const upload = (url: string, data: Buffer, filename = 'sheet.xlsx', lang = 'zh') => {
    const m = multipart([{ name: 'file', filename, data }]);
    return t().app.inject({ method: 'POST', url, headers: { ...h, ...m.headers, 'accept-language': lang }, payload: m.payload });
  };
  return { ...reg, h, upload };
}

/** A request over a real socket (uploads arrive in network-sized pieces, as in production). */
function send(port: number, method: string, url: string, headers: Record<string, string> = {}, body?: Buffer) {
  return new Promise<{ statusCode: number; json: () => { code?: string; message?: string } }>((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path: url, headers: body ? { ...headers, 'content-length': String(body.length) } : headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, json: () => JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('spreadsheet bombs', () => {
  it('10 bombs at once (code sheets and players) are refused with 413 in zh and en, while health answers and memory stays flat', async () => {
    const s = await setup();
    await t().app.listen({ host: '127.0.0.1', port: 0 });
    const port = (t().app.server.address() as AddressInfo).port;
    const honest = await sheetBomb(); // declares its 73 MB: refused before inflating
    const lying = await sheetBomb(900_000, { declaredSize: 15 * MB }); // claims 15 MB: refused at row 10,001 while streaming
    expect(honest.length).toBeLessThan(5 * MB);
    const bodies = [lying, honest].map((data) => multipart([{ name: 'file', filename: 'bomb.xlsx', data }]));
    const urls = ['/api/lRedeemCode/web/parseCodes', `/api/lTeamMember/web/import?activityId=${s.activity.id}&mode=commit&atomic=0`];
    const bomb = (i: number) => {
      const m = bodies[i % 4 < 2 ? 0 : 1]!;
      return send(port, 'POST', urls[i % 2]!, { ...s.h, ...m.headers, 'accept-language': i % 3 ? 'zh' : 'en' }, m.payload);
    };
    // warm the code paths first, so memory growth measures the bombs only
    await s.upload(urls[0]!, await zip(xlsxParts(codeRows(3))));

    let healthWorst = 0;
    let healthCount = 0;
    let done = false;
    const pingHealth = async () => {
      while (!done) {
        const t0 = performance.now();
        const r = await send(port, 'GET', '/api/health');
        expect(r.statusCode).toBe(200);
        healthWorst = Math.max(healthWorst, performance.now() - t0);
        healthCount++;
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const whilePinging = async <T>(work: () => Promise<T>) => {
      [healthWorst, healthCount, done] = [0, 0, false];
      const health = pingHealth();
      const result = await work();
      done = true;
      await health;
      return result;
    };
    // The baseline: 10 uploads of the same size that are not spreadsheets (refused at once). What the
    // machine, the uploads and the other test files cost the health check is in it; the bombs may add
    // little on top (before the fix one bomb blocked the event loop for 10 s and more). On a quiet
    // machine both stay under 200 ms; the margin is for boxes running other test files at the same
    // time (lib/spreadsheet.test.ts holds the parse itself to 200 ms of event-loop delay).
    const noise = multipart([{ name: 'file', filename: 'noise.xlsx', data: crypto.randomBytes(honest.length) }]);
    const plain = await whilePinging(() =>
      Promise.all(Array.from({ length: 10 }, () => send(port, 'POST', urls[0]!, { ...s.h, ...noise.headers }, noise.payload))),
    );
    expect(plain.map((r) => r.statusCode)).toEqual(Array(10).fill(400));
    const baseline = healthWorst;

    const rss0 = process.memoryUsage().rss;
    let peak = rss0;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    const t0 = performance.now();
    const answers = await whilePinging(() => Promise.all(Array.from({ length: 10 }, (_, i) => bomb(i))));
    const took = performance.now() - t0;
    clearInterval(sampler);

    for (const [i, r] of answers.entries()) {
      const body = r.json();
      expect(r.statusCode).toBe(413);
      const lang = i % 3 ? 'zh' : 'en';
      if (i % 4 < 2) {
        expect(body.code).toBe('IMPORT_TOO_MANY');
        expect(body.message).toBe(
          lang === 'en' ? 'Too many rows: at most 10000 data rows. Please split the spreadsheet' : '表格行数过多：最多 10000 行数据，请拆分后再导入',
        );
      } else {
        expect(body.code).toBe('IMPORT_TOO_LARGE');
        expect(body.message).toBe(
          lang === 'en'
            ? 'The file is too large when unpacked (at most 16 MB). Remove unneeded content or split it'
            : '表格文件解压后过大（最多 16 MB），请删除无关内容或拆分后再导入',
        );
      }
    }
    expect(took).toBeLessThan(15_000);
    expect(healthCount).toBeGreaterThan(3);
    // the loop is never blocked for long: a bomb parsed in the loop would stall health for many seconds. The bound is
    // 3 s, or a second over the unloaded answer time on a slow machine (the CI runs this beside the browser journeys:
    // there the baseline was 0.9 s and the worst answer 2.6 s)
    expect(healthWorst).toBeLessThan(Math.max(baseline + 1000, 3000));
    expect(peak - rss0).toBeLessThan(200 * MB);
    expect(await t().database.db.select().from(teamMembers)).toHaveLength(0);
  });

  it('past the queue of spreadsheet jobs the answer is 503 "busy, try again" in the contract format', async () => {
    const s = await setup();
    setSheetJobLimits({ concurrency: 1, queue: 0 });
    const file = await zip(xlsxParts(codeRows(10_000)));
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) => s.upload('/api/lRedeemCode/web/parseCodes', file, 'codes.xlsx', i % 2 ? 'en' : 'zh')),
    );
    const busy = answers.filter((r) => r.statusCode === 503);
    expect(answers.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    for (const r of busy) {
      expect(r.json()).toMatchObject({ status: 503, resultCode: 0, code: 'SHEET_BUSY' });
      expect(['服务器正忙于处理其他表格，请稍后再试', 'The server is busy with other spreadsheets. Please try again in a moment']).toContain(r.json().message);
    }
    // once the jobs are done the next one is read
    expect((await s.upload('/api/lRedeemCode/web/parseCodes', file)).statusCode).toBe(200);
  });
});

describe('.xls imports (spec: xls or xlsx)', () => {
  const HEAD = ['姓名', '证件类型', '证件号码', '出生日期', '性别', '队伍名称', '赛项', '紧急联系人', '紧急联系电话'];

  it('previews and imports players from a real .xls (dates, per-row errors, new teams)', async () => {
    const s = await setup();
    const data = xlsFile([
      HEAD,
      ['李明', '身份证', idCard('20120315'), '', '', '雄鹰队', '技能相扑赛', '李华', '13800138000'],
      ['Anna Lee', '护照', 'E12345678', new Date(Date.UTC(2013, 4, 6)), '女', '雄鹰队', '技能相扑赛', '', ''],
      ['王五', '身份证', idCard('20120316'), '', '', '', '没有这个赛项', '', ''],
    ]);
    expect(data.subarray(0, 4).toString('hex')).toBe('d0cf11e0');
    const preview = await s.upload(`/api/lTeamMember/web/import?activityId=${s.activity.id}&mode=preview`, data, 'players.xls');
    expect(preview.statusCode).toBe(200);
    const p = preview.json().data;
    expect([p.total, p.valid]).toEqual([3, 2]);
    expect(p.errors).toEqual([{ row: 4, column: '赛项', message: '赛项名称不存在' }]);

    const commit = await s.upload(`/api/lTeamMember/web/import?activityId=${s.activity.id}&mode=commit&atomic=0`, data, 'players.xls');
    expect(commit.json().data.written).toBe(2);
    const rows = await t().database.db.select().from(teamMembers).orderBy(teamMembers.id);
    expect(rows.map((r) => [r.name, r.birth, r.gender])).toEqual([
      ['李明', 20120315, 'M'],
      ['Anna Lee', 20130506, 'F'],
    ]);
    expect(rows[0]!.teamId).toBe(rows[1]!.teamId);
  });

  it('reads a code sheet from an .xls, and refuses an .xls past the row cap or size cap', async () => {
    const s = await setup();
    const codes = await s.upload('/api/lRedeemCode/web/parseCodes', xlsFile([['兑换码'], ['ABCD1234'], ['XYZ'], ['  EFGH5678 ']]), 'codes.xls');
    expect(codes.json().data).toBe('ABCD1234,EFGH5678');

    const many = xlsFile([['兑换码'], ...Array.from({ length: 10_001 }, (_, i) => [`CODE${i}`])]);
    const r = await s.upload('/api/lRedeemCode/web/parseCodes', many, 'codes.xls', 'en');
    expect([r.statusCode, r.json().code, r.json().message]).toEqual([
      413,
      'IMPORT_TOO_MANY',
      'Too many rows: at most 10000 data rows. Please split the spreadsheet',
    ]);

    const big = Buffer.concat([xlsFile([['姓名']]), Buffer.alloc(11 * MB)]);
    const b = await s.upload(`/api/lTeamMember/web/import?activityId=${s.activity.id}`, big, 'players.xls');
    expect([b.statusCode, b.json().code, b.json().message]).toEqual([
      413,
      'IMPORT_TOO_LARGE',
      '表格文件解压后过大（最多 10 MB），请删除无关内容或拆分后再导入',
    ]);
  });
});
