import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';

/**
 * What the configuration cannot know at start (issue 33): what the proxies in front actually send. In
 * production, each check logs one warning, once, naming its variable:
 * - TRUST_PROXY=n above 1, and a request arrives with fewer X-Forwarded-For entries than n (behind k proxies an
 *   honest request carries k): fewer proxies are in front than believed, and a client's own hop is taken as its
 *   address. A request with none (a probe straight to the instance) says nothing.
 * - PUBLIC_BASE_URL on http, and a request arrives over https as the trusted proxy says (X-Forwarded-Proto).
 */
export function registerProxyCheck(app: FastifyInstance, config: Pick<Config, 'NODE_ENV' | 'TRUST_PROXY' | 'PUBLIC_BASE_URL'>) {
  if (config.NODE_ENV !== 'production') return;
  const checks: ((req: FastifyRequest) => boolean)[] = [];
  const hops = config.TRUST_PROXY;
  if (typeof hops === 'number' && hops > 1)
    checks.push((req) => {
      const header = req.headers['x-forwarded-for'];
      const seen = header ? String(header).split(',').length : 0;
      if (!seen || seen >= hops) return false;
      req.log.warn(
        { setting: 'TRUST_PROXY', hops: seen },
        `TRUST_PROXY=${hops}, but a request arrived with ${seen} X-Forwarded-For ${seen === 1 ? 'entry' : 'entries'}: fewer proxies seem to be in front, and a client can write its own address (set TRUST_PROXY=${seen} if that is how many there are)`,
      );
      return true;
    });
  if (config.PUBLIC_BASE_URL?.startsWith('http:'))
    checks.push((req) => {
      if (req.protocol !== 'https') return false;
      req.log.warn(
        { setting: 'PUBLIC_BASE_URL' },
        'PUBLIC_BASE_URL is http, but the site is served on https (X-Forwarded-Proto): links, QR codes and payment callbacks leave the secure address; give the https one',
      );
      return true;
    });
  if (!checks.length) return;
  app.addHook('onRequest', async (req) => {
    // each check runs until it has warned once
    for (let i = checks.length - 1; i >= 0; i--) if (checks[i]!(req)) checks.splice(i, 1);
  });
}
