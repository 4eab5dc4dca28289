import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { captchaResponse, loginBody, loginResponse, okResponse, registerBody, sendSmsBody, smsLoginBody, updatePasswordBody, userResponse } from '@rp/shared';
import { ok } from '../../lib/envelope';
import { requireAuth } from '../../plugins/auth';
import { issueCaptcha } from './captcha';
import { loginWithPassword, loginWithSms, registerMember, sendSmsCode, updatePassword, type ClientInfo } from './auth.service';
import { deleteSession } from './session.service';
import type { FastifyRequest } from 'fastify';

const tags = ['auth'];
function client(req: FastifyRequest): ClientInfo {
  return { ip: req.ip, userAgent: req.headers['user-agent'], lang: req.lang };
}
function publicUser(u: NonNullable<FastifyRequest['user']>) {
  const { status: _status, ...rest } = u;
  return rest;
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  // Per-address ceilings (config.limits) on top of the per-account and per-phone rules (design §7).

  app.get('/auth/code', { schema: { tags, response: { 200: captchaResponse } }, config: { limits: ['captcha'] } }, async (req) => {
    const { img, uuid } = await issueCaptcha(deps.store);
    return ok(req, { img, uuid, enabled: deps.config.CAPTCHA_ENABLED });
  });

  app.post('/auth/login', { schema: { tags, body: loginBody, response: { 200: loginResponse } }, config: { limits: ['login'] } }, async (req) => {
    const r = await loginWithPassword(deps, req.body, client(req));
    return ok(req, { token: r.token, expiresAt: r.expiresAt.toISOString(), user: publicUser(r.user) }, 'ok.login');
  });

  app.get('/auth/info', { schema: { tags, response: { 200: userResponse } }, preHandler: requireAuth }, async (req) => {
    const u = publicUser(req.user!);
    return ok(req, { user: u, data: u }, 'ok.query');
  });

  app.delete('/auth/logout', { schema: { tags, response: { 200: okResponse } } }, async (req) => {
    // Idempotent: logging out with an expired or missing token still succeeds.
    if (req.sessionId !== null) await deleteSession(deps.database.db, req.sessionId);
    return ok(req, {}, 'ok.logout');
  });

  app.post('/auth/web/sendSms', { schema: { tags, body: sendSmsBody, response: { 200: okResponse } }, config: { limits: ['smsSend'] } }, async (req) => {
    await sendSmsCode(deps, req.body.phone, req.body.type, req.lang);
    return ok(req, {}, 'ok.smsSent');
  });

  // A new member is logged in at once: the answer carries a session like a login's.
  app.post('/auth/web/register', { schema: { tags, body: registerBody, response: { 200: loginResponse } }, config: { limits: ['register'] } }, async (req) => {
    const r = await registerMember(deps, req.body, client(req));
    return ok(req, { token: r.token, expiresAt: r.expiresAt.toISOString(), user: publicUser(r.user) }, 'ok.register');
  });

  app.post('/auth/web/toLogin', { schema: { tags, body: smsLoginBody, response: { 200: loginResponse } }, config: { limits: ['login'] } }, async (req) => {
    const r = await loginWithSms(deps, req.body, client(req));
    return ok(req, { token: r.token, expiresAt: r.expiresAt.toISOString(), user: publicUser(r.user) }, 'ok.login');
  });

  app.post(
    '/auth/web/updatePassword',
    { schema: { tags, body: updatePasswordBody, response: { 200: okResponse } }, config: { limits: ['passwordReset'] } },
    async (req) => {
      await updatePassword(deps, req.user, req.body);
      return ok(req, {}, 'ok.passwordUpdated');
    },
  );
};
