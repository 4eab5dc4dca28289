import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
// an independent implementation of the protocol's signatures (the maintained community SDK), not our adapter
import { Formatter, Rsa } from 'wechatpay-axios-plugin';

/**
 * A WeChat Pay API v3 gateway in miniature, for tests: a real HTTP server on 127.0.0.1 that keeps its own
 * trades and refunds and speaks the published protocol. Written from the documentation, independently of
 * our adapter (nothing of it is imported here):
 *
 * - a request must carry `Authorization: WECHATPAY2-SHA256-RSA2048 mchid=…,nonce_str=…,signature=…,timestamp=…,serial_no=…`
 *   whose signature over `METHOD\nURL\nTIMESTAMP\nNONCE\nBODY\n` verifies with the merchant public key;
 *   otherwise 401 SIGN_ERROR, unsigned (as the real one: it signs only answers to requests it accepted);
 * - every other answer is signed with the WeChat Pay private key (Wechatpay-Timestamp/-Nonce/-Signature/
 *   -Serial over `TIMESTAMP\nNONCE\nBODY\n`);
 * - notifications are JSON with the resource encrypted by AEAD_AES_256_GCM under the API v3 key
 *   (ciphertext = base64(encrypted ‖ 16-byte tag)), and signed like answers.
 */

export type WxTradeState = 'NOTPAY' | 'USERPAYING' | 'SUCCESS' | 'REFUND' | 'CLOSED' | 'REVOKED' | 'PAYERROR';
export type WxRefundStatus = 'PROCESSING' | 'SUCCESS' | 'CLOSED' | 'ABNORMAL';

export interface FakeWxTrade {
  outTradeNo: string;
  kind: 'native' | 'h5' | 'jsapi';
  /** jsapi: the payer's openid and the app id the order was placed with */
  payerOpenid?: string;
  appid?: string;
  prepayId?: string;
  state: WxTradeState;
  total: number;
  description: string;
  timeExpire: string;
  notifyUrl: string;
  transactionId?: string;
  successTime?: string;
  refunded: number;
  request: Record<string, unknown>;
}

export interface FakeWxRefund {
  outRefundNo: string;
  outTradeNo: string;
  refundId: string;
  status: WxRefundStatus;
  refund: number;
  total: number;
  reason?: string;
  notifyUrl?: string;
}

export interface LoggedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  status: number;
}

/** How the next answers are spoiled, to prove the client checks them. */
export type AnswerTamper = 'none' | 'signature' | 'serial' | 'unsigned' | 'stale' | 'body';

export interface FakeWechatPay {
  baseUrl: string;
  mchid: string;
  appid: string;
  /** the merchant certificate serial the fake expects in serial_no */
  merchantSerial: string;
  merchantPrivateKeyPem: string;
  merchantPublicKeyPem: string;
  /** app ids bound to the merchant */
  appids: string[];
  apiV3Key: string;
  publicKeyId: string;
  /** the WeChat Pay public key (the merchant verifies with it) */
  platformPublicKeyPem: string;
  trades: Map<string, FakeWxTrade>;
  refunds: Map<string, FakeWxRefund>;
  requests: LoggedRequest[];
  tamper: AnswerTamper;
  /** the status new refunds start in */
  refundStartsAs: WxRefundStatus;
  /** answers the next request with this error instead (after checking its signature) */
  failNext: { status: number; code: string } | null;
  /** the payer pays: SUCCESS with a transaction id and success_time */
  pay(outTradeNo: string, at?: Date): FakeWxTrade;
  setState(outTradeNo: string, state: WxTradeState): void;
  settleRefund(outRefundNo: string, status: WxRefundStatus): FakeWxRefund;
  /** a signed, encrypted notification as WeChat Pay would POST it */
  notification(eventType: string, resource: Record<string, unknown>, opts?: NotificationOptions): { headers: Record<string, string>; rawBody: Buffer };
  paymentNotification(outTradeNo: string, opts?: NotificationOptions): { headers: Record<string, string>; rawBody: Buffer };
  refundNotification(outRefundNo: string, opts?: NotificationOptions): { headers: Record<string, string>; rawBody: Buffer };
  /**
   * The WeChat client's part of JSAPI pay: checks the page's getBrandWCPayRequest parameters (paySign with the
   * merchant public key, by the community SDK; the prepay id, the app id), pays the trade and posts the signed
   * notification to its notify_url. 'get_brand_wcpay_request:ok' or :fail, as WeixinJSBridge answers.
   */
  cashier(params: Record<string, unknown>): Promise<{ err_msg: string; outTradeNo?: string }>;
  close(): Promise<void>;
}

export interface NotificationOptions {
  /** Wechatpay-Serial to send (default: the right public key id) */
  serial?: string;
  /** Wechatpay-Timestamp in seconds (default: now) */
  timestamp?: number;
  /** sign with this private key instead of the WeChat Pay one */
  signingKeyPem?: string;
  /** encrypt with this key instead of the API v3 key */
  apiV3Key?: string;
}

const pem = () => {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};

const rfc3339 = (d: Date) => {
  const t = new Date(d.getTime() + 8 * 3_600_000);
  return `${t.toISOString().slice(0, 19)}+08:00`;
};

const digits = (n: number) => Array.from(crypto.randomBytes(n), (b) => String(b % 10)).join('');

export interface FakeWechatPayOptions {
  now?: () => Date;
  /** fixed keys and ids (the journeys' gateway runs in its own process and the server reads the keys from files) */
  keys?: { merchantPrivateKeyPem: string; platformPrivateKeyPem: string; apiV3Key: string; merchantSerial: string; publicKeyId: string };
  port?: number;
  /** app ids the merchant has bound (JSAPI orders come with the official account's); default: the fake's own */
  appids?: string[];
}

const keyPair = (privateKeyPem: string) => ({
  privateKeyPem,
  publicKeyPem: crypto.createPublicKey(privateKeyPem).export({ type: 'spki', format: 'pem' }).toString(),
});

export async function startFakeWechatPay(opts: FakeWechatPayOptions = {}): Promise<FakeWechatPay> {
  const now = opts.now ?? (() => new Date());
  const merchant = opts.keys ? keyPair(opts.keys.merchantPrivateKeyPem) : pem();
  const platform = opts.keys ? keyPair(opts.keys.platformPrivateKeyPem) : pem();
  const trades = new Map<string, FakeWxTrade>();
  const refunds = new Map<string, FakeWxRefund>();
  const requests: LoggedRequest[] = [];

  const fake = {
    baseUrl: '',
    mchid: '1900000109',
    appid: 'wxd678efh567hg6787',
    merchantSerial: opts.keys?.merchantSerial ?? crypto.randomBytes(20).toString('hex').toUpperCase(),
    merchantPrivateKeyPem: merchant.privateKeyPem,
    merchantPublicKeyPem: merchant.publicKeyPem,
    apiV3Key: opts.keys?.apiV3Key ?? crypto.randomBytes(16).toString('hex'),
    publicKeyId: opts.keys?.publicKeyId ?? `PUB_KEY_ID_0119${digits(20)}`,
    appids: [] as string[],
    platformPublicKeyPem: platform.publicKeyPem,
    trades,
    refunds,
    requests,
    tamper: 'none' as AnswerTamper,
    refundStartsAs: 'PROCESSING' as WxRefundStatus,
    failNext: null as { status: number; code: string } | null,
  };

  /** Headers of a signed answer or notification. */
  function signHeaders(body: string, o: NotificationOptions = {}): Record<string, string> {
    const timestamp = String(o.timestamp ?? Math.floor(now().getTime() / 1000));
    const nonce = crypto.randomBytes(16).toString('hex');
    const signature = crypto
      .createSign('RSA-SHA256')
      .update(`${timestamp}\n${nonce}\n${body}\n`, 'utf8')
      .sign(o.signingKeyPem ?? platform.privateKeyPem, 'base64');
    return { 'Wechatpay-Timestamp': timestamp, 'Wechatpay-Nonce': nonce, 'Wechatpay-Signature': signature, 'Wechatpay-Serial': o.serial ?? fake.publicKeyId };
  }

  fake.appids = opts.appids ?? [fake.appid];

  /** The request's Authorization, checked as the gateway does, with the community SDK's formatter and verifier. */
  function checkAuthorization(req: http.IncomingMessage, body: string): boolean {
    const auth = req.headers.authorization ?? '';
    const scheme = 'WECHATPAY2-SHA256-RSA2048 ';
    if (!auth.startsWith(scheme)) return false;
    const fields: Record<string, string> = {};
    for (const m of auth.slice(scheme.length).matchAll(/(\w+)="([^"]*)"/g)) fields[m[1]!] = m[2]!;
    const { mchid, nonce_str, signature, timestamp, serial_no } = fields;
    if (mchid !== fake.mchid || serial_no !== fake.merchantSerial || !nonce_str || !signature || !timestamp) return false;
    if (Math.abs(Number(timestamp) - Math.floor(now().getTime() / 1000)) > 300) return false;
    return Rsa.verify(Formatter.request(req.method ?? '', req.url ?? '', timestamp, nonce_str, body), signature, Rsa.from(merchant.publicKeyPem, 'public'));
  }

  function transactionJson(t: FakeWxTrade) {
    return {
      appid: t.appid ?? fake.appid,
      mchid: fake.mchid,
      out_trade_no: t.outTradeNo,
      ...(t.transactionId ? { transaction_id: t.transactionId } : {}),
      trade_type: t.kind === 'native' ? 'NATIVE' : t.kind === 'jsapi' ? 'JSAPI' : 'MWEB',
      trade_state: t.state,
      trade_state_desc: t.state,
      ...(t.successTime ? { success_time: t.successTime, bank_type: 'OTHERS', payer: { openid: t.payerOpenid ?? 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' } } : {}),
      attach: '',
      amount: { total: t.total, currency: 'CNY', ...(t.successTime ? { payer_total: t.total, payer_currency: 'CNY' } : {}) },
    };
  }

  function refundJson(r: FakeWxRefund) {
    const t = trades.get(r.outTradeNo);
    return {
      refund_id: r.refundId,
      out_refund_no: r.outRefundNo,
      transaction_id: t?.transactionId ?? '',
      out_trade_no: r.outTradeNo,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      ...(r.status === 'SUCCESS' ? { success_time: rfc3339(now()) } : {}),
      create_time: rfc3339(now()),
      status: r.status,
      funds_account: 'AVAILABLE',
      amount: {
        total: r.total,
        refund: r.refund,
        payer_total: r.total,
        payer_refund: r.refund,
        settlement_refund: r.refund,
        settlement_total: r.total,
        discount_refund: 0,
        currency: 'CNY',
      },
    };
  }

  type Answer = { status: number; body?: unknown };
  const error = (status: number, code: string, message = code): Answer => ({ status, body: { code, message } });

  function validateOrder(b: Record<string, unknown>, kind: 'native' | 'h5' | 'jsapi'): Answer | null {
    const amount = b.amount as { total?: unknown; currency?: unknown } | undefined;
    if (typeof b.appid !== 'string' || !fake.appids.includes(b.appid) || b.mchid !== fake.mchid) return error(400, 'APPID_MCHID_NOT_MATCH');
    if (kind === 'jsapi') {
      const payer = b.payer as { openid?: unknown } | undefined;
      if (!payer || typeof payer.openid !== 'string' || !/^[A-Za-z0-9_-]{1,128}$/.test(payer.openid)) return error(400, 'PARAM_ERROR', 'payer.openid');
    }
    if (typeof b.description !== 'string' || b.description.length === 0 || Array.from(b.description).length > 127)
      return error(400, 'PARAM_ERROR', 'description');
    if (typeof b.out_trade_no !== 'string' || !/^[A-Za-z0-9_*|-]{6,32}$/.test(b.out_trade_no)) return error(400, 'PARAM_ERROR', 'out_trade_no');
    if (typeof b.time_expire !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?[+-]\d{2}:\d{2}$/.test(b.time_expire))
      return error(400, 'PARAM_ERROR', 'time_expire');
    if (typeof b.notify_url !== 'string' || !/^https?:\/\//.test(b.notify_url)) return error(400, 'PARAM_ERROR', 'notify_url');
    if (!amount || typeof amount.total !== 'number' || !Number.isInteger(amount.total) || amount.total < 1 || (amount.currency ?? 'CNY') !== 'CNY')
      return error(400, 'PARAM_ERROR', 'amount');
    if (kind === 'h5') {
      const scene = b.scene_info as { payer_client_ip?: unknown; h5_info?: { type?: unknown } } | undefined;
      if (!scene || typeof scene.payer_client_ip !== 'string' || !scene.h5_info || typeof scene.h5_info.type !== 'string')
        return error(400, 'PARAM_ERROR', 'scene_info');
    }
    return null;
  }

  function route(method: string, url: URL, body: string): Answer {
    const b = body ? (JSON.parse(body) as Record<string, unknown>) : {};
    const p = url.pathname;
    let m: RegExpExecArray | null;
    if (method === 'POST' && (p === '/v3/pay/transactions/native' || p === '/v3/pay/transactions/h5' || p === '/v3/pay/transactions/jsapi')) {
      const kind = p.endsWith('native') ? 'native' : p.endsWith('jsapi') ? 'jsapi' : 'h5';
      const bad = validateOrder(b, kind);
      if (bad) return bad;
      const outTradeNo = b.out_trade_no as string;
      const total = (b.amount as { total: number }).total;
      const existing = trades.get(outTradeNo);
      if (existing && (existing.total !== total || existing.kind !== kind)) return error(400, 'INVALID_REQUEST', 'out_trade_no used with other parameters');
      if (existing && existing.state !== 'NOTPAY') return error(400, existing.state === 'SUCCESS' ? 'ORDERPAID' : 'ORDER_CLOSED');
      const t: FakeWxTrade = existing ?? {
        outTradeNo,
        kind,
        state: 'NOTPAY',
        total,
        description: b.description as string,
        timeExpire: b.time_expire as string,
        notifyUrl: b.notify_url as string,
        refunded: 0,
        request: b,
        appid: b.appid as string,
        payerOpenid: kind === 'jsapi' ? (b.payer as { openid: string }).openid : undefined,
      };
      trades.set(outTradeNo, t);
      const prepay = `wx${crypto.createHash('sha256').update(outTradeNo).digest('hex').slice(0, 30)}`;
      if (kind === 'jsapi') {
        t.prepayId = prepay;
        return { status: 200, body: { prepay_id: prepay } };
      }
      return kind === 'native'
        ? { status: 200, body: { code_url: `weixin://wxpay/bizpayurl?pr=${prepay.slice(2, 12)}` } }
        : { status: 200, body: { h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${prepay}&package=2150917749` } };
    }
    if (method === 'GET' && (m = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(p))) {
      if (url.searchParams.get('mchid') !== fake.mchid) return error(400, 'PARAM_ERROR', 'mchid');
      const t = trades.get(decodeURIComponent(m[1]!));
      return t ? { status: 200, body: transactionJson(t) } : error(404, 'ORDER_NOT_EXIST', '订单不存在');
    }
    if (method === 'POST' && (m = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/.exec(p))) {
      if (b.mchid !== fake.mchid) return error(400, 'PARAM_ERROR', 'mchid');
      const t = trades.get(decodeURIComponent(m[1]!));
      if (!t) return error(404, 'ORDER_NOT_EXIST', '订单不存在');
      if (t.state === 'SUCCESS' || t.state === 'REFUND') return error(400, 'ORDERPAID', '订单已支付');
      if (t.state === 'CLOSED' || t.state === 'REVOKED') return error(400, 'ORDER_CLOSED', '订单已关闭');
      t.state = 'CLOSED';
      return { status: 204 };
    }
    if (method === 'POST' && p === '/v3/refund/domestic/refunds') {
      const amount = b.amount as { refund?: unknown; total?: unknown; currency?: unknown } | undefined;
      if (typeof b.out_refund_no !== 'string' || !/^[A-Za-z0-9_*|@-]{1,64}$/.test(b.out_refund_no)) return error(400, 'PARAM_ERROR', 'out_refund_no');
      if (!amount || !Number.isInteger(amount.refund) || !Number.isInteger(amount.total) || amount.currency !== 'CNY')
        return error(400, 'PARAM_ERROR', 'amount');
      const t = trades.get(String(b.out_trade_no));
      if (!t) return error(404, 'RESOURCE_NOT_EXISTS', '订单不存在');
      const existing = refunds.get(b.out_refund_no);
      if (existing) return { status: 200, body: refundJson(existing) };
      if (t.state !== 'SUCCESS' && t.state !== 'REFUND') return error(400, 'INVALID_REQUEST', '订单未支付');
      if (amount.total !== t.total) return error(400, 'INVALID_REQUEST', '订单金额不符');
      if ((amount.refund as number) < 1 || t.refunded + (amount.refund as number) > t.total) return error(400, 'INVALID_REQUEST', '退款金额超过可退金额');
      const r: FakeWxRefund = {
        outRefundNo: b.out_refund_no,
        outTradeNo: t.outTradeNo,
        refundId: `50000${digits(24)}`,
        status: fake.refundStartsAs,
        refund: amount.refund as number,
        total: t.total,
        reason: typeof b.reason === 'string' ? b.reason : undefined,
        notifyUrl: typeof b.notify_url === 'string' ? b.notify_url : undefined,
      };
      refunds.set(r.outRefundNo, r);
      t.refunded += r.refund;
      t.state = 'REFUND';
      return { status: 200, body: refundJson(r) };
    }
    if (method === 'GET' && (m = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(p))) {
      const r = refunds.get(decodeURIComponent(m[1]!));
      return r ? { status: 200, body: refundJson(r) } : error(404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
    }
    return error(404, 'NOT_FOUND', 'no such API');
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      // the stand-in for the WeChat client's cashier (journeys): not part of the merchant API, no merchant signature
      if (req.url === '/__health') return res.writeHead(200).end('ok');
      if (req.method === 'POST' && req.url === '/__cashier') {
        let params: Record<string, unknown> = {};
        try {
          params = JSON.parse(body) as Record<string, unknown>;
        } catch {
          // answered as a failed payment below
        }
        void (fake as unknown as FakeWechatPay)
          .cashier(params)
          .then((r) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(r)))
          .catch(() => res.writeHead(500).end());
        return;
      }
      const send = (a: Answer, signed: boolean) => {
        const text = a.body === undefined ? '' : JSON.stringify(a.body);
        const headers: Record<string, string> = { 'Request-ID': crypto.randomUUID() };
        if (text) headers['Content-Type'] = 'application/json; charset=utf-8';
        if (signed && fake.tamper !== 'unsigned') {
          const h = signHeaders(text, fake.tamper === 'stale' ? { timestamp: Math.floor(now().getTime() / 1000) - 600 } : {});
          if (fake.tamper === 'serial') h['Wechatpay-Serial'] = 'PUB_KEY_ID_SOMEONE_ELSE';
          if (fake.tamper === 'signature')
            h['Wechatpay-Signature'] = crypto.createSign('RSA-SHA256').update('something else').sign(platform.privateKeyPem, 'base64');
          Object.assign(headers, h);
        }
        // 'body': the signature is over one answer, another one is sent
        const out = fake.tamper === 'body' ? `${text} ` : text;
        requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body, status: a.status });
        res.writeHead(a.status, headers).end(out);
      };
      if (!checkAuthorization(req, body)) return send(error(401, 'SIGN_ERROR', '签名错误'), false);
      if (!(req.headers.accept ?? '').includes('application/json')) return send(error(400, 'INVALID_REQUEST', 'Accept'), true);
      if (fake.failNext) {
        const f = fake.failNext;
        fake.failNext = null;
        return send(error(f.status, f.code), true);
      }
      let answer: Answer;
      try {
        answer = route(req.method ?? 'GET', new URL(req.url ?? '/', 'http://127.0.0.1'), body);
      } catch {
        answer = error(400, 'PARAM_ERROR', 'body is not JSON');
      }
      send(answer, true);
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function encrypt(plain: string, associatedData: string, key: string) {
    const nonce = crypto.randomBytes(6).toString('hex'); // 12 characters, used as its ASCII bytes
    const cipher = crypto.createCipheriv('aes-256-gcm', Buffer.from(key, 'utf8'), Buffer.from(nonce, 'utf8'));
    cipher.setAAD(Buffer.from(associatedData, 'utf8'));
    const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return { algorithm: 'AEAD_AES_256_GCM', ciphertext: ct.toString('base64'), associated_data: associatedData, nonce };
  }

  function notification(eventType: string, resource: Record<string, unknown>, o: NotificationOptions = {}) {
    const refund = eventType.startsWith('REFUND.');
    const body = JSON.stringify({
      id: crypto.randomUUID(),
      create_time: rfc3339(now()),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary: refund ? '退款状态变更' : '支付成功',
      resource: {
        original_type: refund ? 'refund' : 'transaction',
        ...encrypt(JSON.stringify(resource), refund ? 'refund' : 'transaction', o.apiV3Key ?? fake.apiV3Key),
      },
    });
    // header names as they arrive through Node (lower case)
    const headers = Object.fromEntries(Object.entries(signHeaders(body, o)).map(([k, v]) => [k.toLowerCase(), v]));
    return { headers: { ...headers, 'content-type': 'application/json' }, rawBody: Buffer.from(body, 'utf8') };
  }

  return Object.assign(fake, {
    pay(outTradeNo: string, at = now()) {
      const t = trades.get(outTradeNo);
      if (!t) throw new Error(`fake WeChat Pay: no trade ${outTradeNo}`);
      t.state = 'SUCCESS';
      t.transactionId = `42000${digits(23)}`;
      t.successTime = rfc3339(at);
      return t;
    },
    setState(outTradeNo: string, state: WxTradeState) {
      const t = trades.get(outTradeNo);
      if (!t) throw new Error(`fake WeChat Pay: no trade ${outTradeNo}`);
      t.state = state;
    },
    settleRefund(outRefundNo: string, status: WxRefundStatus) {
      const r = refunds.get(outRefundNo);
      if (!r) throw new Error(`fake WeChat Pay: no refund ${outRefundNo}`);
      r.status = status;
      return r;
    },
    notification,
    paymentNotification(outTradeNo: string, o?: NotificationOptions) {
      const t = trades.get(outTradeNo);
      if (!t) throw new Error(`fake WeChat Pay: no trade ${outTradeNo}`);
      return notification('TRANSACTION.SUCCESS', transactionJson(t), o);
    },
    refundNotification(outRefundNo: string, o?: NotificationOptions) {
      const r = refunds.get(outRefundNo);
      if (!r) throw new Error(`fake WeChat Pay: no refund ${outRefundNo}`);
      const t = trades.get(r.outTradeNo)!;
      return notification(
        r.status === 'SUCCESS' ? 'REFUND.SUCCESS' : r.status === 'CLOSED' ? 'REFUND.CLOSED' : 'REFUND.ABNORMAL',
        {
          mchid: fake.mchid,
          out_trade_no: r.outTradeNo,
          transaction_id: t.transactionId,
          out_refund_no: r.outRefundNo,
          refund_id: r.refundId,
          refund_status: r.status,
          ...(r.status === 'SUCCESS' ? { success_time: rfc3339(now()) } : {}),
          user_received_account: '支付用户零钱',
          amount: { total: r.total, refund: r.refund, payer_total: r.total, payer_refund: r.refund },
        },
        o,
      );
    },
    async cashier(p: Record<string, unknown>) {
      const fail = { err_msg: 'get_brand_wcpay_request:fail' };
      const [appId, timeStamp, nonceStr, pkg, paySign] = [p.appId, p.timeStamp, p.nonceStr, p.package, p.paySign].map((v) => (typeof v === 'string' ? v : ''));
      if (!appId || !timeStamp || !nonceStr || !pkg || !paySign || p.signType !== 'RSA' || !fake.appids.includes(appId)) return fail;
      if (!Rsa.verify(Formatter.joinedByLineFeed(appId, timeStamp, nonceStr, pkg), paySign, Rsa.from(merchant.publicKeyPem, 'public'))) return fail;
      const t = [...trades.values()].find((x) => x.kind === 'jsapi' && `prepay_id=${x.prepayId}` === pkg);
      if (!t || t.appid !== appId || t.state !== 'NOTPAY') return fail;
      (this as unknown as FakeWechatPay).pay(t.outTradeNo);
      const n = (this as unknown as FakeWechatPay).paymentNotification(t.outTradeNo);
      // WeChat Pay posts the notification on its own; the payer's page learns the result by polling
      void fetch(t.notifyUrl, { method: 'POST', headers: n.headers, body: n.rawBody.toString('utf8') }).catch(() => undefined);
      return { err_msg: 'get_brand_wcpay_request:ok', outTradeNo: t.outTradeNo };
    },
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  });
}
