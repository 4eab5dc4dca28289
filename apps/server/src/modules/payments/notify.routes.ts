import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { translate, type Lang } from '@rp/shared';
import { applyPaymentEvent, applyRefundEvent, UnknownTrade } from './settle';
import { NotifyRejected, type Channel } from './providers/types';

const NOTIFY_PATHS: { path: string; channel: Channel }[] = [
  { path: '/api/lOrder/wx/notify', channel: 'wechat' },
  { path: '/api/lOrder/wx/refund/notify', channel: 'wechat' },
  { path: '/api/lOrder/ali/notify', channel: 'alipay' },
  { path: '/api/lOrder/ali/refund/notify', channel: 'alipay' },
  { path: '/api/lOrder/sandbox/notify', channel: 'sandbox' },
  { path: '/api/lOrder/sandbox/refund/notify', channel: 'sandbox' },
];

/**
 * Gateways' asynchronous notifications. The body is kept as bytes (signatures are over them), verified
 * by the provider, then applied idempotently. Answers are in each gateway's own words: a duplicate is
 * acknowledged like a first delivery; a rejected (forged, tampered) one gets a 4xx and changes nothing; a
 * notification we cannot apply yet asks the gateway to retry. Logs carry the channel and outcome only.
 */
export async function notifyRoutes(app: FastifyInstance) {
  const deps = app.deps;
  for (const type of ['application/json', 'application/x-www-form-urlencoded', 'text/plain', 'text/xml']) {
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
  }
  for (const { path, channel } of NOTIFY_PATHS) {
    app.post(path, { schema: { tags: ['gateways'], hide: false } }, async (req: FastifyRequest, reply: FastifyReply) => {
      const provider = deps.payments.providers.get(channel);
      const send = (a: { status: number; contentType: string; body: string }) => reply.code(a.status).header('content-type', a.contentType).send(a.body);
      if (!provider) return reply.code(404).header('content-type', 'application/json').send('{"code":"FAIL","message":"channel not configured"}');
      const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      let ev;
      try {
        ev = await provider.parseNotify({ headers: req.headers, rawBody });
      } catch (e) {
        if (e instanceof NotifyRejected) {
          req.log.warn({ channel, reason: e.message }, 'payment notification rejected');
          deps.metrics.paymentNotifications.inc({ provider: channel, outcome: 'rejected' });
          return send({ ...provider.ack(false, 'rejected'), status: 400 });
        }
        throw e;
      }
      try {
        const outcome = ev.type === 'payment' ? (await applyPaymentEvent(deps, channel, ev)).outcome : await applyRefundEvent(deps, ev);
        req.log.info({ channel, type: ev.type, outcome }, 'payment notification');
        deps.metrics.paymentNotifications.inc({ provider: channel, type: ev.type, outcome });
        return send(provider.ack(true));
      } catch (e) {
        if (e instanceof UnknownTrade) {
          // not ours (yet): the gateway retries; nothing changes
          req.log.warn({ channel, type: ev.type }, 'payment notification for an unknown trade');
          deps.metrics.paymentNotifications.inc({ provider: channel, type: ev.type, outcome: 'unknown-trade' });
          return send({ ...provider.ack(false, 'unknown trade'), status: 404 });
        }
        req.log.error({ channel, type: ev.type }, 'payment notification could not be applied');
        deps.metrics.paymentNotifications.inc({ provider: channel, type: ev.type, outcome: 'error' });
        return send(provider.ack(false, 'retry'));
      }
    });
  }

  // ——— the sandbox gateway's hosted page (it stands in for a gateway's own site) ———
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const token = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,40}$/) });
  const page = (lang: Lang, body: string) =>
    `<!doctype html><html lang="${lang === 'en' ? 'en' : 'zh-CN'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${esc(translate(lang, 'sandbox.title'))}</title><style>body{font-family:system-ui,'Noto Sans SC',sans-serif;background:#f3f5f9;margin:0;padding:24px;color:#1f2937}` +
    `main{max-width:420px;margin:40px auto;background:#fff;border-radius:12px;padding:28px;box-shadow:0 4px 24px #0001}h1{font-size:20px;margin:0 0 8px}` +
    `.amt{font-size:34px;font-weight:700;margin:16px 0;color:#0b5cad}dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;font-size:14px}dt{color:#4b5563}` +
    `button,a.b{display:block;width:100%;padding:12px;margin-top:12px;border-radius:8px;border:0;font-size:16px;cursor:pointer;text-align:center;text-decoration:none}` +
    `.pay{background:#0b5cad;color:#fff}.fail{background:#fff;color:#b42318;border:1px solid #b42318}p.lead{color:#4b5563;font-size:14px}</style></head><body><main>${body}</main></body></html>`;
  // the payer's language as the checkout passed it (?lang=), else the request's own
  const langOf = (req: FastifyRequest): Lang => {
    const q = (req.query as { lang?: string }).lang;
    if (q === 'en' || q === 'zh') return q;
    return req.lang === 'en' ? 'en' : 'zh';
  };

  app.get('/api/lOrder/sandbox/pay/:token', async (req, reply) => {
    const p = token.safeParse(req.params);
    const lang = langOf(req);
    const t = p.success ? await deps.payments.sandbox.tradeByToken(p.data.token) : null;
    reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!t) return reply.code(404).send(page(lang, `<h1>${esc(translate(lang, 'sandbox.title'))}</h1><p>${esc(translate(lang, 'sandbox.expired'))}</p>`));
    const open = t.status === 'pending' && t.expiresAt.getTime() > Date.now();
    const amount = `¥${Math.floor(t.amountFen / 100)}.${String(t.amountFen % 100).padStart(2, '0')}`;
    const body =
      `<h1>${esc(translate(lang, 'sandbox.title'))}</h1><p class="lead">${esc(translate(lang, 'sandbox.lead'))}</p>` +
      `<div class="amt" data-testid="sandbox-amount">${amount}</div><dl><dt>${esc(translate(lang, 'sandbox.order'))}</dt><dd>${esc(t.outTradeNo)}</dd><dt>${esc(translate(lang, 'sandbox.subject'))}</dt><dd>${esc(t.description)}</dd></dl>` +
      (open
        ? `<form method="post"><input type="hidden" name="lang" value="${lang}"><button class="pay" name="decision" value="pay">${esc(translate(lang, 'sandbox.pay'))}</button>` +
          `<button class="fail" name="decision" value="fail">${esc(translate(lang, 'sandbox.fail'))}</button></form>`
        : `<p>${esc(translate(lang, t.status === 'pending' || t.status === 'closed' ? 'sandbox.expired' : 'sandbox.done'))}</p><a class="b pay" href="${esc(t.returnUrl)}">${esc(translate(lang, 'sandbox.back'))}</a>`);
    return reply.send(page(lang, body));
  });

  app.post('/api/lOrder/sandbox/pay/:token', async (req, reply) => {
    const p = token.safeParse(req.params);
    const form = new URLSearchParams(Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '');
    const decision = form.get('decision');
    if (!p.success || (decision !== 'pay' && decision !== 'fail')) return reply.code(400).header('content-type', 'text/plain').send('bad request');
    const r = await deps.payments.sandbox.decide(p.data.token, decision === 'pay');
    if (!r.returnUrl) return reply.code(404).header('content-type', 'text/plain').send('not found');
    // like a gateway: the browser goes back to the merchant at once; the result travels by notification
    return reply.code(303).header('location', r.returnUrl).send();
  });
}
