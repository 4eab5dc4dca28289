import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { pickLang, type Lang, type Permission } from '@rp/shared';
import { errors } from '../lib/errors';
import { findSession, type SessionUser } from '../modules/auth/session.service';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang;
    user: SessionUser | null;
    sessionId: number | null;
    /** true when a bearer token was sent but matched no live session */
    staleToken: boolean;
  }
}

export function bearerToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+([A-Za-z0-9_-]{16,200})$/.exec(h.trim());
  return m ? m[1]! : null;
}

/** Reads language and session on every request; routes opt in to requireAuth / requirePermission. */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('lang', 'zh');
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('staleToken', false);
  // Callback style with a synchronous fast path: most requests (visitors, assets) carry no token.
  app.addHook('onRequest', (req, _reply, done) => {
    req.lang = pickLang(req.headers['accept-language']);
    const token = bearerToken(req);
    if (!token) return done();
    findSession(app.deps.database.db, token).then((found) => {
      if (found) {
        req.user = found.user;
        req.sessionId = found.sessionId;
      } else {
        req.staleToken = true;
      }
      done();
    }, done);
  });
});

export const requireAuth: preHandlerHookHandler = async (req) => {
  if (!req.user) throw req.staleToken ? errors.sessionExpired() : errors.unauthorized();
};

export function requirePermission(permission: Permission): preHandlerHookHandler {
  return async (req) => {
    if (!req.user) throw req.staleToken ? errors.sessionExpired() : errors.unauthorized();
    if (!req.user.permissions.includes(permission)) throw errors.forbidden();
  };
}
