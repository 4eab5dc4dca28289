import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An Alipay open-platform gateway (API 1.0, RSA2) in miniature, for tests: a real HTTP server on 127.0.0.1
 * with its own trades and refunds. Written from the published documentation, independently of our adapter
 * (nothing of it is imported here):
 *
 * - a request's `sign` must verify with the application public key over all its parameters but `sign`,
 *   empty ones left out, sorted by name, `k=v` joined by `&` (raw values); otherwise code 40002
 *   isv.invalid-signature, as the real gateway answers;
 * - answers are `{"<method>_response":{…},"sign":"…"}` where sign is RSA2 over the exact characters of the
 *   response node, with the Alipay private key;
 * - the page/wap pay URL is opened with a browser GET (the cashier);
 * - notifications are form-encoded trade_status_sync messages signed over all parameters but `sign` and
 *   `sign_type`, sorted, `k=v` joined by `&` (decoded values).
 */

export type AliTradeStatus = 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_FINISHED' | 'TRADE_CLOSED';

export interface FakeAliTrade {
  outTradeNo: string;
  tradeNo: string;
  status: AliTradeStatus;
  totalAmount: string;
  subject: string;
  productCode: string;
  timeExpire?: string;
  notifyUrl?: string;
  returnUrl?: string;
  gmtCreate: string;
  gmtPayment?: string;
  refundedCents: number;
}

export interface FakeAliRefund {
  outTradeNo: string;
  outRequestNo: string;
  refundAmount: string;
  reason?: string;
  gmtRefund: string;
}

export interface FakeAliRequest {
  /** GET: the browser opened the pay URL; POST: a server call */
  via: 'GET' | 'POST';
  params: Record<string, string>;
  code: string;
  subCode?: string;
}

export type AliTamper = 'none' | 'signature' | 'unsigned';

export interface AliNotificationOptions {
  /** sign with this private key instead of the Alipay one */
  signingKeyPem?: string;
}

export interface FakeAlipay {
  gateway: string;
  appId: string;
  appPrivateKeyPem: string;
  appPublicKeyPem: string;
  alipayPublicKeyPem: string;
  trades: Map<string, FakeAliTrade>;
  refunds: Map<string, FakeAliRefund>;
  requests: FakeAliRequest[];
  tamper: AliTamper;
  /** answers write "/" as "\/" (some Alipay answers do; the signature is over those characters) */
  escapeSlashes: boolean;
  /** the next server call gets this business error instead */
  failNext: { code: string; sub_code: string } | null;
  pay(outTradeNo: string, at?: Date): FakeAliTrade;
  setStatus(outTradeNo: string, status: AliTradeStatus): void;
  /** a signed notification with exactly these parameters (plus sign and sign_type) */
  notification(params: Record<string, string>, opts?: AliNotificationOptions): { headers: Record<string, string>; rawBody: Buffer };
  paymentNotification(
    outTradeNo: string,
    overrides?: Record<string, string>,
    opts?: AliNotificationOptions,
  ): { headers: Record<string, string>; rawBody: Buffer };
  refundNotification(outTradeNo: string, outRequestNo: string, opts?: AliNotificationOptions): { headers: Record<string, string>; rawBody: Buffer };
  close(): Promise<void>;
}

const keyPair = () => {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};

/** Beijing wall-clock time as Alipay writes it. */
const beijing = (d: Date, ms = false) => {
  const iso = new Date(d.getTime() + 8 * 3_600_000).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, ms ? 23 : 19)}`;
};

/** cents of a yuan amount as the gateway accepts it: up to 2 decimals, 0.01 … 100000000 */
const cents = (yuan: string): number | null => {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(yuan);
  if (!m) return null;
  const v = Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
  return v >= 1 && v <= 10_000_000_000 ? v : null;
};
const yuan = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;

const digits = (n: number) => Array.from(crypto.randomBytes(n), (b) => String(b % 10)).join('');

export async function startFakeAlipay(opts: { now?: () => Date } = {}): Promise<FakeAlipay> {
  const now = opts.now ?? (() => new Date());
  const app = keyPair();
  const alipay = keyPair();
  const trades = new Map<string, FakeAliTrade>();
  const refunds = new Map<string, FakeAliRefund>();
  const requests: FakeAliRequest[] = [];
  const fake = {
    gateway: '',
    appId: '2021000123456789',
    appPrivateKeyPem: app.privateKeyPem,
    appPublicKeyPem: app.publicKeyPem,
    alipayPublicKeyPem: alipay.publicKeyPem,
    trades,
    refunds,
    requests,
    tamper: 'none' as AliTamper,
    escapeSlashes: false,
    failNext: null as { code: string; sub_code: string } | null,
  };

  const rsa2 = (content: string, keyPem: string) => crypto.createSign('RSA-SHA256').update(content, 'utf8').sign(keyPem, 'base64');

  /** Checks a request's common parameters and signature; null when it is acceptable. */
  function checkRequest(p: Record<string, string>): { code: string; msg: string; sub_code: string; sub_msg: string } | null {
    const bad = (sub_code: string, sub_msg: string) => ({ code: '40002', msg: 'Invalid Arguments', sub_code, sub_msg });
    if (p.app_id !== fake.appId) return bad('isv.invalid-app-id', '无效的AppID参数');
    if (!p.method) return bad('isv.missing-method', '缺少方法名参数');
    if ((p.charset ?? '').toLowerCase() !== 'utf-8') return bad('isv.invalid-charset', '字符集错误');
    if (p.sign_type !== 'RSA2') return bad('isv.invalid-signature-type', '无效的签名类型');
    if (p.format !== undefined && p.format.toUpperCase() !== 'JSON') return bad('isv.invalid-format', '无效的数据格式');
    if (p.version !== '1.0') return bad('isv.invalid-version', '无效的版本号');
    if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(p.timestamp ?? '')) return bad('isv.invalid-timestamp', '非法的时间戳参数');
    if (!p.sign) return bad('isv.missing-signature', '缺少签名参数');
    const content = Object.keys(p)
      .filter((k) => k !== 'sign' && p[k] !== '')
      .sort()
      .map((k) => `${k}=${p[k]}`)
      .join('&');
    const ok = crypto.createVerify('RSA-SHA256').update(content, 'utf8').verify(app.publicKeyPem, p.sign, 'base64');
    return ok ? null : bad('isv.invalid-signature', '验签出错');
  }

  function biz(p: Record<string, string>): Record<string, unknown> | null {
    try {
      const v: unknown = JSON.parse(p.biz_content ?? '');
      return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }

  type Node = Record<string, unknown>;
  const ok = (extra: Node = {}): Node => ({ code: '10000', msg: 'Success', ...extra });
  const fail = (sub_code: string, sub_msg: string): Node => ({ code: '40004', msg: 'Business Failed', sub_code, sub_msg });

  function call(method: string, b: Record<string, unknown>): Node {
    if (fake.failNext) {
      const f = fake.failNext;
      fake.failNext = null;
      return { code: f.code, msg: 'Business Failed', sub_code: f.sub_code, sub_msg: f.sub_code };
    }
    const t = typeof b.out_trade_no === 'string' ? trades.get(b.out_trade_no) : undefined;
    switch (method) {
      case 'alipay.trade.query': {
        if (!t) return fail('ACQ.TRADE_NOT_EXIST', '交易不存在');
        const paid = t.status === 'TRADE_SUCCESS' || t.status === 'TRADE_FINISHED';
        return ok({
          trade_no: t.tradeNo,
          out_trade_no: t.outTradeNo,
          buyer_logon_id: 'lgo***@sandbox.com',
          trade_status: t.status,
          total_amount: t.totalAmount,
          subject: t.subject,
          ...(paid
            ? {
                buyer_pay_amount: t.totalAmount,
                receipt_amount: t.totalAmount,
                invoice_amount: t.totalAmount,
                point_amount: '0.00',
                send_pay_date: t.gmtPayment,
              }
            : {}),
          buyer_user_id: '2088102177846880',
        });
      }
      case 'alipay.trade.close': {
        if (!t) return fail('ACQ.TRADE_NOT_EXIST', '交易不存在');
        if (t.status !== 'WAIT_BUYER_PAY') return fail('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
        t.status = 'TRADE_CLOSED';
        return ok({ trade_no: t.tradeNo, out_trade_no: t.outTradeNo });
      }
      case 'alipay.trade.refund': {
        if (!t) return fail('ACQ.TRADE_NOT_EXIST', '交易不存在');
        const requestNo = typeof b.out_request_no === 'string' ? b.out_request_no : t.outTradeNo;
        const amount = typeof b.refund_amount === 'string' ? cents(b.refund_amount) : null;
        if (amount === null) return { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-parameter', sub_msg: 'refund_amount' };
        const key = `${t.outTradeNo}|${requestNo}`;
        const common = { trade_no: t.tradeNo, out_trade_no: t.outTradeNo, buyer_logon_id: 'lgo***@sandbox.com', buyer_user_id: '2088102177846880' };
        const earlier = refunds.get(key);
        if (earlier) {
          if (earlier.refundAmount !== b.refund_amount) return fail('ACQ.DISCORDANT_REPEAT_REQUEST', '请求信息不一致');
          // the same request again: answered as before, but no money moves this time
          return ok({ ...common, fund_change: 'N', refund_fee: yuan(t.refundedCents), gmt_refund_pay: earlier.gmtRefund });
        }
        if (t.status !== 'TRADE_SUCCESS') return fail('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
        const total = cents(t.totalAmount)!;
        if (t.refundedCents + amount > total) return fail('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
        const r: FakeAliRefund = {
          outTradeNo: t.outTradeNo,
          outRequestNo: requestNo,
          refundAmount: b.refund_amount as string,
          reason: typeof b.refund_reason === 'string' ? b.refund_reason : undefined,
          gmtRefund: beijing(now(), true),
        };
        refunds.set(key, r);
        t.refundedCents += amount;
        if (t.refundedCents === total) t.status = 'TRADE_CLOSED';
        return ok({ ...common, fund_change: 'Y', refund_fee: yuan(t.refundedCents), gmt_refund_pay: beijing(now()), send_back_fee: b.refund_amount });
      }
      case 'alipay.trade.fastpay.refund.query': {
        if (!t) return fail('ACQ.TRADE_NOT_EXIST', '交易不存在');
        const r = refunds.get(`${t.outTradeNo}|${String(b.out_request_no ?? t.outTradeNo)}`);
        // an unknown refund: success with no refund details, as documented
        if (!r) return ok();
        return ok({
          trade_no: t.tradeNo,
          out_trade_no: t.outTradeNo,
          out_request_no: r.outRequestNo,
          total_amount: t.totalAmount,
          refund_amount: r.refundAmount,
          refund_status: 'REFUND_SUCCESS',
        });
      }
      default:
        return { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-method', sub_msg: '不存在的方法名' };
    }
  }

  /** The cashier: the browser opened a page/wap pay URL. */
  function openCashier(p: Record<string, string>): { status: number; text: string } {
    const problem = checkRequest(p);
    if (problem) return { status: 400, text: problem.sub_code };
    const method = p.method;
    if (method !== 'alipay.trade.page.pay' && method !== 'alipay.trade.wap.pay') return { status: 400, text: 'isv.invalid-method' };
    const b = biz(p);
    if (!b) return { status: 400, text: 'isv.invalid-biz-content' };
    const productCode = method === 'alipay.trade.page.pay' ? 'FAST_INSTANT_TRADE_PAY' : 'QUICK_WAP_WAY';
    if (b.product_code !== productCode) return { status: 400, text: 'isv.invalid-product-code' };
    if (typeof b.out_trade_no !== 'string' || !/^[A-Za-z0-9_]{1,64}$/.test(b.out_trade_no)) return { status: 400, text: 'out_trade_no' };
    if (typeof b.total_amount !== 'string' || cents(b.total_amount) === null) return { status: 400, text: 'total_amount' };
    if (typeof b.subject !== 'string' || !b.subject || b.subject.length > 256) return { status: 400, text: 'subject' };
    if (b.time_expire !== undefined && (typeof b.time_expire !== 'string' || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(b.time_expire)))
      return { status: 400, text: 'time_expire' };
    const existing = trades.get(b.out_trade_no);
    if (existing && existing.totalAmount !== b.total_amount) return { status: 400, text: 'ACQ.CONTEXT_INCONSISTENT' };
    if (!existing)
      trades.set(b.out_trade_no, {
        outTradeNo: b.out_trade_no,
        tradeNo: `2024${digits(24)}`,
        status: 'WAIT_BUYER_PAY',
        totalAmount: b.total_amount,
        subject: b.subject,
        productCode,
        timeExpire: b.time_expire as string | undefined,
        notifyUrl: p.notify_url,
        returnUrl: p.return_url,
        gmtCreate: beijing(now()),
        refundedCents: 0,
      });
    return { status: 200, text: '<!doctype html><title>支付宝收银台</title><p>fake cashier</p>' };
  }

  /** `{"<key>":<node>,"sign":"…"}`, signed over the node's characters exactly as written. */
  function answer(method: string, node: Node): string {
    let nodeText = JSON.stringify(node);
    if (fake.escapeSlashes) nodeText = nodeText.replaceAll('/', '\\/');
    const key = `${method.replaceAll('.', '_')}_response`;
    if (fake.tamper === 'unsigned') return `{"${key}":${nodeText}}`;
    const sign = fake.tamper === 'signature' ? rsa2(`${nodeText} `, alipay.privateKeyPem) : rsa2(nodeText, alipay.privateKeyPem);
    return `{"${key}":${nodeText},"sign":"${sign}"}`;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (url.pathname !== '/gateway.do') return res.writeHead(404).end();
      const p: Record<string, string> = {};
      const merge = (src: URLSearchParams) => {
        for (const [k, v] of src) p[k] = v;
      };
      merge(url.searchParams);
      if (req.method === 'POST') merge(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      if (req.method === 'GET') {
        const r = openCashier(p);
        requests.push({ via: 'GET', params: p, code: r.status === 200 ? '10000' : '40002', subCode: r.status === 200 ? undefined : r.text });
        return res.writeHead(r.status, { 'Content-Type': r.status === 200 ? 'text/html; charset=utf-8' : 'text/plain' }).end(r.text);
      }
      const problem = checkRequest(p);
      const b = biz(p);
      const node: Node =
        problem ?? (b ? call(p.method!, b) : { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-biz-content', sub_msg: 'biz_content' });
      requests.push({ via: 'POST', params: p, code: String(node.code), subCode: typeof node.sub_code === 'string' ? node.sub_code : undefined });
      res.writeHead(200, { 'Content-Type': 'text/html;charset=utf-8' }).end(answer(p.method ?? 'error', node));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.gateway = `http://127.0.0.1:${(server.address() as AddressInfo).port}/gateway.do`;

  function notification(params: Record<string, string>, o: AliNotificationOptions = {}) {
    const content = Object.keys(params)
      .filter((k) => k !== 'sign' && k !== 'sign_type')
      .sort()
      .map((k) => `${k}=${params[k]}`)
      .join('&');
    const form = new URLSearchParams({ ...params, sign_type: 'RSA2', sign: rsa2(content, o.signingKeyPem ?? alipay.privateKeyPem) });
    return { headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, rawBody: Buffer.from(form.toString(), 'utf8') };
  }

  function tradeParams(t: FakeAliTrade): Record<string, string> {
    return {
      notify_time: beijing(now()),
      notify_type: 'trade_status_sync',
      notify_id: `2024${crypto.randomBytes(16).toString('hex')}`,
      charset: 'utf-8',
      version: '1.0',
      auth_app_id: fake.appId,
      app_id: fake.appId,
      trade_no: t.tradeNo,
      out_trade_no: t.outTradeNo,
      buyer_id: '2088102177846880',
      buyer_logon_id: 'lgo***@sandbox.com',
      seller_id: '2088102177302492',
      seller_email: 'shop@example.com',
      trade_status: t.status,
      total_amount: t.totalAmount,
      subject: t.subject,
      gmt_create: t.gmtCreate,
    };
  }

  return Object.assign(fake, {
    pay(outTradeNo: string, at = now()) {
      const t = trades.get(outTradeNo);
      if (!t) throw new Error(`fake Alipay: no trade ${outTradeNo}`);
      t.status = 'TRADE_SUCCESS' as const;
      t.gmtPayment = beijing(at);
      return t;
    },
    setStatus(outTradeNo: string, status: AliTradeStatus) {
      const t = trades.get(outTradeNo);
      if (!t) throw new Error(`fake Alipay: no trade ${outTradeNo}`);
      t.status = status;
    },
    notification,
    paymentNotification(outTradeNo: string, overrides: Record<string, string> = {}, o?: AliNotificationOptions) {
      const t = trades.get(outTradeNo);
      if (!t) throw new Error(`fake Alipay: no trade ${outTradeNo}`);
      const paid = t.status === 'TRADE_SUCCESS' || t.status === 'TRADE_FINISHED';
      return notification(
        {
          ...tradeParams(t),
          ...(paid
            ? {
                receipt_amount: t.totalAmount,
                invoice_amount: t.totalAmount,
                buyer_pay_amount: t.totalAmount,
                point_amount: '0.00',
                gmt_payment: t.gmtPayment ?? beijing(now()),
                fund_bill_list: JSON.stringify([{ amount: t.totalAmount, fundChannel: 'ALIPAYACCOUNT' }]),
              }
            : { gmt_close: beijing(now()) }),
          ...overrides,
        },
        o,
      );
    },
    refundNotification(outTradeNo: string, outRequestNo: string, o?: AliNotificationOptions) {
      const t = trades.get(outTradeNo);
      const r = refunds.get(`${outTradeNo}|${outRequestNo}`);
      if (!t || !r) throw new Error(`fake Alipay: no refund ${outRequestNo}`);
      return notification(
        {
          ...tradeParams(t),
          out_biz_no: r.outRequestNo,
          refund_fee: yuan(t.refundedCents),
          gmt_payment: t.gmtPayment ?? '',
          gmt_refund: r.gmtRefund,
          ...(t.status === 'TRADE_CLOSED' ? { gmt_close: r.gmtRefund.slice(0, 19) } : {}),
        },
        o,
      );
    },
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  });
}
