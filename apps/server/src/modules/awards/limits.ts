import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { errors } from '../../lib/errors';
import { addressKey } from '../../lib/address-key';

/** Per-minute ceilings of the public certificate routes (per address) and of members' calls (per account). */
export function rateLimits(deps: Pick<AppDeps, 'store' | 'config'>) {
  return {
    perIp: (name: string, max: number) => async (req: FastifyRequest) => {
      // a partner's API token whose scope opens this operation (certificates.verify) is counted on its own, ten
      // times the address's limit: a school's system checking a class's certificates is not a guessing visitor
      if (req.apiToken) {
        if ((await deps.store.incr(`tok:${name}:${req.apiToken.id}`, 60)) > max * 10) throw errors.rateLimited();
        return;
      }
      if ((await deps.store.incr(`ip:${name}:${addressKey(req.ip)}`, 60)) > max * deps.config.AUTH_IP_LIMIT_FACTOR) throw errors.rateLimited();
    },
    perUser: (name: string, max: number) => async (req: FastifyRequest) => {
      if ((await deps.store.incr(`u:${name}:${req.user!.id}`, 60)) > max) throw errors.rateLimited();
    },
  };
}
