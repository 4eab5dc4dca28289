import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { smsOutbox } from '../../db/schema/index';
import { contextReady, useTestApp } from '../../test/context';
import { startFakeAliyunSms, startFakeTencentSms, type FakeSms } from '../../test/fake-sms';
import { aliyunSignature, smsLimit } from './sms-providers';
import { createSms } from './sms';

/**
 * Real SMS (issue 22): Alibaba Cloud and Tencent Cloud SMS through the app's own sendSms, against fakes that
 * check our signatures by each provider's published algorithm and answer like the provider.
 */
const t = useTestApp();
const TEMPLATES = { SMS_TEMPLATE_REGISTER: 'SMS_100001', SMS_TEMPLATE_LOGIN: 'SMS_100002', SMS_TEMPLATE_PASSWORD: 'SMS_100003' };
const aliyunEnv = () => ({
  SMS_PROVIDER: 'aliyun',
  ALIYUN_SMS_ACCESS_KEY_ID: 'LTAIaliyun0123',
  ALIYUN_SMS_ACCESS_KEY_SECRET: 'ali-secret-0123456789',
  ALIYUN_SMS_SIGN_NAME: '国际青少年机器人',
  ALIYUN_SMS_ENDPOINT: aliyun.url,
});
const tencentEnv = () => ({
  SMS_PROVIDER: 'tencent',
  TENCENT_SMS_SECRET_ID: 'AKIDtencent0123456789',
  TENCENT_SMS_SECRET_KEY: 'tencent-secret-0123456789',
  TENCENT_SMS_APP_ID: '1400000001',
  TENCENT_SMS_SIGN_NAME: '国际青少年机器人',
  TENCENT_SMS_ENDPOINT: tencent.url,
});
let aliyun: FakeSms;
let tencent: FakeSms;
const apps: FastifyInstance[] = [];

async function appWith(env: Record<string, string>) {
  const ctx = await contextReady(t);
  const config = loadConfig({ NODE_ENV: 'test', CAPTCHA_ENABLED: 'false', SEED_DEMO: 'false', LOG_LEVEL: 'silent', DATA_DIR: ctx.config.dataDir, ...env });
  const app = await buildApp({ config, database: ctx.database, store: ctx.app.deps.store, piiKey: ctx.piiKey });
  await app.ready();
  apps.push(app);
  return app;
}

beforeAll(async () => {
  aliyun = await startFakeAliyunSms('ali-secret-0123456789');
  tencent = await startFakeTencentSms('AKIDtencent0123456789', 'tencent-secret-0123456789');
});
afterAll(async () => {
  for (const a of apps) await a.close();
  await aliyun.close();
  await tencent.close();
});

const sendSms = (app: FastifyInstance, phone: string, lang = 'zh') =>
  app.inject({ method: 'POST', url: '/auth/web/sendSms', headers: { 'accept-language': lang }, payload: { phone, type: 'register' } });

describe('Alibaba Cloud SMS', () => {
  it('signs like the published example (POP signature v1)', () => {
    // Alibaba Cloud's documented example (ECS DescribeRegions, secret "testsecret")
    const params = {
      AccessKeyId: 'testid',
      Action: 'DescribeRegions',
      Format: 'XML',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      SignatureVersion: '1.0',
      Timestamp: '2016-02-23T12:46:24Z',
      Version: '2014-05-26',
    };
    expect(aliyunSignature('GET', params, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });

  it('sends the code with the template of its purpose; the outbox keeps the message id and masks the code', async () => {
    const app = await appWith({
      ...aliyunEnv(),
      ...TEMPLATES,
    });
    const r = await sendSms(app, '13912340001');
    expect(r.statusCode, r.body).toBe(200);
    expect(aliyun.badSignatures).toBe(0);
    const sent = aliyun.received.at(-1)!;
    expect(sent).toMatchObject({ phone: '13912340001', template: 'SMS_100001', signName: '国际青少年机器人' });
    expect(sent.params[0]).toMatch(/^\d{6}$/);
    const [row] = await t().database.db.select().from(smsOutbox).where(eq(smsOutbox.phone, '13912340001'));
    expect(row).toMatchObject({ provider: 'aliyun', status: 'sent', providerCode: null });
    expect(row!.providerMessageId).toMatch(/\^0$/);
    expect(row!.content).not.toContain(sent.params[0]);

    // the provider's frequency control: 429 in the person's language, recorded as refused
    aliyun.throttle.add('13912340002');
    const limited = await sendSms(app, '13912340002', 'en');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Too many codes were sent to this number. Please try again later');
    const [refused] = await t().database.db.select().from(smsOutbox).where(eq(smsOutbox.phone, '13912340002'));
    expect(refused).toMatchObject({ provider: 'aliyun', status: 'failed', providerCode: 'isv.BUSINESS_LIMIT_CONTROL' });

    // a provider answering something that is not JSON: 503, never a 500; the next minute's ask goes out
    aliyun.broken = true;
    const down = await sendSms(app, '13912340003');
    expect(down.statusCode).toBe(503);
    expect(down.json().code).toBe('SMS_UNAVAILABLE');
    aliyun.broken = false;
  });
});

describe('notices through a provider (issue 22)', () => {
  it("a notice goes with its event's template in the account language, values by name (Alibaba) or in order (Tencent); a missing template, throttling and an unreadable answer say whether to retry", async () => {
    const notices = JSON.stringify({ payment: { zh: 'SMS_200001', en: 'SMS_200002', params: ['orderNo', 'amount'] }, review: { zh: 'SMS_200003' } });
    const ali = await appWith({
      ...aliyunEnv(),
      SMS_NOTICE_TEMPLATES: notices,
      ...TEMPLATES,
    });
    const sms = ali.deps.sms;
    expect([sms.canNotice!('payment'), sms.canNotice!('review'), sms.canNotice!('refund')]).toEqual([true, true, false]);
    const msg = {
      phone: '13912340021',
      event: 'payment',
      lang: 'en' as const,
      text: 'Payment received',
      params: { orderNo: 'RP2026112600000001', amount: '1960.00', activity: 'x' },
    };
    const r = await sms.notice!(msg);
    expect(r.provider).toBe('aliyun');
    expect(aliyun.badSignatures).toBe(0);
    expect(aliyun.received.at(-1)).toMatchObject({ phone: '13912340021', template: 'SMS_200002', params: ['RP2026112600000001'.slice(0, 20), '1960.00'] });
    // Chinese falls back for a template without an English one
    await sms.notice!({ ...msg, event: 'review', lang: 'en', params: { player: '张小明' } });
    expect(aliyun.received.at(-1)).toMatchObject({ template: 'SMS_200003', params: ['张小明'] });
    await expect(sms.notice!({ ...msg, event: 'refund' })).rejects.toMatchObject({ code: 'no-template', retry: false });
    aliyun.throttle.add('13912340022');
    await expect(sms.notice!({ ...msg, phone: '13912340022' })).rejects.toMatchObject({ code: 'isv.BUSINESS_LIMIT_CONTROL', retry: true });
    aliyun.broken = true;
    await expect(sms.notice!({ ...msg, phone: '13912340023' })).rejects.toMatchObject({ retry: true });
    aliyun.broken = false;
    const rows = await t().database.db.select().from(smsOutbox).where(eq(smsOutbox.purpose, 'notice:payment'));
    expect(rows.map((x) => x.status).sort()).toEqual(['failed', 'failed', 'sent']);

    const ten = await appWith({
      ...tencentEnv(),
      SMS_NOTICE_TEMPLATES: notices,
      ...TEMPLATES,
    });
    await ten.deps.sms.notice!({ ...msg, lang: 'zh' });
    expect(tencent.badSignatures).toBe(0);
    expect(tencent.received.at(-1)).toMatchObject({ phone: '+8613912340021', template: 'SMS_200001', params: ['RP2026112600000001', '1960.00'] });
  });

  it('a notice template setting that is not right stops the start with one line naming it', () => {
    expect(() => loadConfig({ SMS_NOTICE_TEMPLATES: '{' })).toThrow(/SMS_NOTICE_TEMPLATES: not JSON/);
    expect(() => loadConfig({ SMS_NOTICE_TEMPLATES: '{"party":{"zh":"SMS_1"}}' })).toThrow(/SMS_NOTICE_TEMPLATES: unknown event "party"/);
    expect(() => loadConfig({ SMS_NOTICE_TEMPLATES: '{"review":{"en":"SMS_1"}}' })).toThrow(/SMS_NOTICE_TEMPLATES: review.zh/);
    expect(() => loadConfig({ WECHAT_NOTICE_TEMPLATES: '{"review":{"id":"T","data":{"thing1":"a b"}}}' })).toThrow(/WECHAT_NOTICE_TEMPLATES: review.data/);
    expect(() => loadConfig({ WECHAT_MP_APP_ID: 'wx0123456789abcdef' })).toThrow(/WECHAT_MP_APP_SECRET: required with WECHAT_MP_APP_ID/);
  });
});

describe('Tencent Cloud SMS', () => {
  it('sends with TC3-HMAC-SHA256 in E.164; throttling is 429; a wrong key is refused by the provider and answered 503', async () => {
    const env = {
      ...tencentEnv(),
      ...TEMPLATES,
    };
    const app = await appWith(env);
    expect((await sendSms(app, '13912340011')).statusCode).toBe(200);
    expect(tencent.badSignatures).toBe(0);
    expect(tencent.received.at(-1)).toMatchObject({ phone: '+8613912340011', template: 'SMS_100001' });
    const [row] = await t().database.db.select().from(smsOutbox).where(eq(smsOutbox.phone, '13912340011'));
    expect(row).toMatchObject({ provider: 'tencent', status: 'sent' });
    expect(row!.providerMessageId).toMatch(/^2640:/);

    tencent.throttle.add('+8613912340012');
    expect((await sendSms(app, '13912340012')).statusCode).toBe(429);

    const wrong = await appWith({ ...env, TENCENT_SMS_SECRET_KEY: 'not-the-key-0123456789' });
    const refused = await sendSms(wrong, '13912340013');
    expect(refused.statusCode).toBe(503);
    expect(tencent.badSignatures).toBe(1);
    const [failed] = await t().database.db.select().from(smsOutbox).where(eq(smsOutbox.phone, '13912340013'));
    expect(failed).toMatchObject({ status: 'failed', providerCode: 'AuthFailure.SignatureFailure' });
  });

  it("our account's spent quota reaches the person as one message whichever provider said it (issue 33)", async () => {
    const ali = await appWith({
      ...aliyunEnv(),
      ...TEMPLATES,
    });
    const ten = await appWith({
      ...tencentEnv(),
      ...TEMPLATES,
    });
    aliyun.accountLimit = tencent.accountLimit = true;
    try {
      const answers = [
        await sendSms(ali, '13912340031', 'en'),
        await sendSms(ten, '13912340032', 'en'),
        await sendSms(ali, '13912340033'),
        await sendSms(ten, '13912340034'),
      ];
      expect(answers.map((a) => a.statusCode)).toEqual([503, 503, 503, 503]);
      expect(answers.map((a) => a.json().message)).toEqual([
        'This site has sent as many text messages as it may for now. Please ask for a code again later',
        'This site has sent as many text messages as it may for now. Please ask for a code again later',
        '本站短信发送量暂时已达上限，请稍后再获取验证码',
        '本站短信发送量暂时已达上限，请稍后再获取验证码',
      ]);
    } finally {
      aliyun.accountLimit = tencent.accountLimit = false;
    }
    // whose limit each provider's codes are; too many numbers in one request is no throttling
    expect(['isv.BUSINESS_LIMIT_CONTROL', 'isv.DAY_LIMIT_CONTROL', 'Throttling.User', 'isv.AMOUNT_NOT_ENOUGH'].map((c) => smsLimit('aliyun', c))).toEqual([
      'number',
      'account',
      'account',
      null,
    ]);
    expect(
      [
        'LimitExceeded.PhoneNumberThirtySecondLimit',
        'LimitExceeded.PhoneNumberDailyLimit',
        'LimitExceeded.AppGlobalDailyLimit',
        'RequestLimitExceeded',
        'LimitExceeded.PhoneNumberCountLimit',
      ].map((c) => smsLimit('tencent', c)),
    ).toEqual(['number', 'number', 'account', 'account', null]);
  });

  it('a provider needs all its settings: one line names the first missing', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'tencent', TENCENT_SMS_SECRET_ID: 'x' })).toThrow(
      /^Invalid configuration: TENCENT_SMS_SECRET_KEY: required with SMS_PROVIDER=tencent/,
    );
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun', ALIYUN_SMS_ACCESS_KEY_ID: 'x', ALIYUN_SMS_ACCESS_KEY_SECRET: 'y', ALIYUN_SMS_SIGN_NAME: 'z' })).toThrow(
      /SMS_TEMPLATE_REGISTER: required with SMS_PROVIDER=aliyun/,
    );
    expect(createSms(loadConfig({}), t().database.db, t().app.log).name).toBe('outbox');
  });

  it('the outbox adapter writes the code to the log of a laptop, never to the log of a production site forced onto it', async () => {
    const logged = (env: Record<string, string>) => {
      const lines: object[] = [];
      const log = { ...t().app.log, info: (o: object) => void lines.push(o) } as unknown as FastifyInstance['log'];
      return { sms: createSms(loadConfig(env), t().database.db, log), lines };
    };
    const dev = logged({});
    await dev.sms.send({ phone: '13800000071', purpose: 'login', text: 'code 123456', code: '123456' });
    expect(dev.lines).toEqual([expect.objectContaining({ smsCode: '123456', phone: '138****0071' })]);
    const prod = logged({ NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://portal.example.org' });
    await prod.sms.send({ phone: '13800000072', purpose: 'login', text: 'code 654321', code: '654321' });
    expect(prod.lines).toHaveLength(1);
    expect(JSON.stringify(prod.lines)).not.toContain('654321');
  });
});
