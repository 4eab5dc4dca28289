import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Fakes of Alibaba Cloud SMS and Tencent Cloud SMS on a local port. Each checks the request signature by the
 * provider's published algorithm, written here on its own (not our signing code), and answers like the
 * provider: a message id, its throttling codes for numbers told to throttle or for the account's spent
 * quota, or a body that is not JSON.
 */
export interface FakeSms {
  url: string;
  /** requests whose signature held: the phone and template parameters */
  received: { phone: string; template: string; params: string[]; signName: string }[];
  /** requests refused for their signature */
  badSignatures: number;
  /** numbers answered with the provider's frequency control */
  throttle: Set<string>;
  /** answer every request with the provider's own code for our account's daily quota being spent */
  accountLimit: boolean;
  /** answer every request with HTML (a provider outage behind a proxy) */
  broken: boolean;
  close(): Promise<void>;
}

async function serve(handler: (req: http.IncomingMessage, body: string, fake: FakeSms) => { status: number; body: string }): Promise<FakeSms> {
  const fake: FakeSms = { url: '', received: [], badSignatures: 0, throttle: new Set(), accountLimit: false, broken: false, close: async () => undefined };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const answer = fake.broken ? { status: 502, body: '<html>bad gateway</html>' } : handler(req, body, fake);
      res.writeHead(answer.status, { 'content-type': answer.body.startsWith('{') ? 'application/json' : 'text/html' });
      res.end(answer.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  fake.close = () => new Promise((r) => server.close(() => r()));
  return fake;
}

// Alibaba's POP signature v1: percent-encode per RFC 3986 (only A–Z a–z 0–9 - _ . ~ left as they are)
const popEncode = (s: string) =>
  Array.from(Buffer.from(s, 'utf8'))
    .map((b) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`))
    .join('');

export function startFakeAliyunSms(secret: string): Promise<FakeSms> {
  return serve((req, body, fake) => {
    const form = new URLSearchParams(body);
    const params = [...form.entries()].filter(([k]) => k !== 'Signature');
    params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const canonical = params.map(([k, v]) => `${popEncode(k)}=${popEncode(v)}`).join('&');
    const expected = crypto
      .createHmac('sha1', `${secret}&`)
      .update(`${req.method}&%2F&${popEncode(canonical)}`)
      .digest('base64');
    if (form.get('Signature') !== expected || form.get('Action') !== 'SendSms' || form.get('Version') !== '2017-05-25') {
      fake.badSignatures++;
      return { status: 400, body: JSON.stringify({ Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched with our calculation.' }) };
    }
    const phone = form.get('PhoneNumbers')!;
    if (fake.accountLimit)
      return { status: 200, body: JSON.stringify({ Code: 'isv.DAY_LIMIT_CONTROL', Message: '触发日发送限额', RequestId: crypto.randomUUID() }) };
    if (fake.throttle.has(phone))
      return {
        status: 200,
        body: JSON.stringify({ Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发号码天级流控Permits:10', RequestId: crypto.randomUUID() }),
      };
    fake.received.push({
      phone,
      template: form.get('TemplateCode')!,
      params: Object.values(JSON.parse(form.get('TemplateParam')!) as Record<string, string>),
      signName: form.get('SignName')!,
    });
    return { status: 200, body: JSON.stringify({ Code: 'OK', Message: 'OK', BizId: `${Date.now()}^0`, RequestId: crypto.randomUUID() }) };
  });
}

export function startFakeTencentSms(secretId: string, secretKey: string): Promise<FakeSms> {
  return serve((req, body, fake) => {
    const h = req.headers;
    const ts = Number(h['x-tc-timestamp']);
    const date = new Date(ts * 1000).toISOString().slice(0, 10);
    const canonical = `POST\n/\n\ncontent-type:${h['content-type']}\nhost:${h.host}\n\ncontent-type;host\n${crypto.createHash('sha256').update(body).digest('hex')}`;
    const toSign = `TC3-HMAC-SHA256\n${ts}\n${date}/sms/tc3_request\n${crypto.createHash('sha256').update(canonical).digest('hex')}`;
    const kDate = crypto.createHmac('sha256', `TC3${secretKey}`).update(date).digest();
    const kService = crypto.createHmac('sha256', kDate).update('sms').digest();
    const kSigning = crypto.createHmac('sha256', kService).update('tc3_request').digest();
    const signature = crypto.createHmac('sha256', kSigning).update(toSign).digest('hex');
    const auth = `TC3-HMAC-SHA256 Credential=${secretId}/${date}/sms/tc3_request, SignedHeaders=content-type;host, Signature=${signature}`;
    if (h.authorization !== auth || h['x-tc-action'] !== 'SendSms' || h['x-tc-version'] !== '2021-01-11') {
      fake.badSignatures++;
      return {
        status: 200,
        body: JSON.stringify({ Response: { Error: { Code: 'AuthFailure.SignatureFailure', Message: 'signature mismatch' }, RequestId: crypto.randomUUID() } }),
      };
    }
    const p = JSON.parse(body) as { PhoneNumberSet: string[]; TemplateId: string; TemplateParamSet: string[]; SignName: string };
    const phone = p.PhoneNumberSet[0]!;
    if (fake.accountLimit)
      return {
        status: 200,
        body: JSON.stringify({ Response: { Error: { Code: 'LimitExceeded.AppDailyLimit', Message: 'daily limit' }, RequestId: crypto.randomUUID() } }),
      };
    if (fake.throttle.has(phone))
      return {
        status: 200,
        body: JSON.stringify({
          Response: {
            SendStatusSet: [{ SerialNo: '', PhoneNumber: phone, Code: 'LimitExceeded.PhoneNumberOneHourLimit', Message: 'limit' }],
            RequestId: crypto.randomUUID(),
          },
        }),
      };
    fake.received.push({ phone, template: p.TemplateId, params: p.TemplateParamSet, signName: p.SignName });
    return {
      status: 200,
      body: JSON.stringify({
        Response: {
          SendStatusSet: [{ SerialNo: `2640:${Date.now()}`, PhoneNumber: phone, Fee: 1, Code: 'Ok', Message: 'send success', IsoCode: 'CN' }],
          RequestId: crypto.randomUUID(),
        },
      }),
    };
  });
}
