import type { FastifyInstance } from 'fastify';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/**
 * Security headers (design §7), computed once and set on every response. helmet computed the same set
 * per request and cost a third of the throughput of cheap routes (bench/gallery.mjs).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': CSP,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  // the camera for our own pages only: the gate page (/admin/checkin) reads pass codes with it
  'permissions-policy': 'camera=(self), microphone=(), geolocation=(), payment=()',
});

/**
 * JSON answers are never rendered as documents: they need no CSP, only nosniff and no framing. They are
 * not stored by browsers or proxies (personal data, tokens): a route that may be cached says so itself
 * (site contact and counts, public files).
 */
export const API_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'strict-transport-security': SECURITY_HEADERS['strict-transport-security']!,
  'referrer-policy': SECURITY_HEADERS['referrer-policy']!,
});

function isApi(url: string) {
  return (url.startsWith('/api/') && !url.startsWith('/api/docs')) || url.startsWith('/auth/');
}

export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(isApi(req.url) ? API_HEADERS : SECURITY_HEADERS);
    reply.header('x-request-id', String(req.id));
    done();
  });
}
