import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema/index';
import { send } from './errors';

/**
 * Idempotency-Key on creates and payments (issue 21, finding 7). The web client sends a key with every
 * call that writes, and the same key again when it repeats a call that got no answer (a 5xx, a timeout, a
 * lost connection). Per account (anonymous calls are not keyed):
 * - a new key is recorded before the handler runs, and marked `committed` inside the request's first
 *   transaction (so the mark commits or rolls back with the change itself);
 * - the answer (any status below 500) is stored and replayed to a retry with the same key and body
 *   (`Idempotent-Replayed: true`), never run twice; the same key with another body is refused (422);
 * - after a 5xx, a key whose change did not commit is forgotten at once (the retry runs again) — when the
 *   database cannot be told just then (the 5xx was its outage), this instance keeps trying until it can and
 *   meanwhile lets a retry reaching it take the key over; one whose change committed answers 409
 *   IDEMPOTENT_DONE ("already saved"), never a second row;
 * - a retry while the first call still runs answers 409 IDEMPOTENCY_IN_PROGRESS;
 * - a malformed key is a 400 that names the header.
 * Keys live 24 hours, in the database shared by every instance.
 */
const KEY_RE = /^[A-Za-z0-9_-]{8,100}$/;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** a first call that recorded its key and then vanished (its instance stopped) frees the key after this long */
const ABANDONED_MS = 60_000;
const KEEP_HOURS = 24;
/** the first wait before freeing a key again, doubled up to the last (until ABANDONED_MS frees it anyway) */
const RELEASE_RETRY_MS = [250, 500, 1000, 2000, 5000];

interface Keyed {
  scope: string;
  key: string;
  committed: boolean;
}
const current = new AsyncLocalStorage<Keyed>();

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: Keyed | null;
  }
}

const WRAPPED = Symbol('idempotency-wrapped');

/**
 * Marks the request's key committed inside its first transaction: drizzle's `transaction` of this database
 * is wrapped once (nested transactions are savepoints on the transaction object, not this method).
 */
function markInTransactions(db: Db) {
  const d = db as Db & { [WRAPPED]?: true };
  if (d[WRAPPED]) return;
  const original = db.transaction.bind(db) as Db['transaction'];
  d[WRAPPED] = true;
  (db as { transaction: Db['transaction'] }).transaction = ((fn: Parameters<Db['transaction']>[0], config?: Parameters<Db['transaction']>[1]) => {
    const keyed = current.getStore();
    if (!keyed || keyed.committed) return original(fn, config);
    return original(async (tx) => {
      await tx
        .update(idempotencyKeys)
        .set({ committed: true })
        .where(and(eq(idempotencyKeys.scope, keyed.scope), eq(idempotencyKeys.key, keyed.key)));
      return fn(tx);
    }, config).then((result) => {
      keyed.committed = true;
      return result;
    });
  }) as Db['transaction'];
}

const hashOf = (req: FastifyRequest) =>
  crypto
    .createHash('sha256')
    .update(`${req.method} ${req.url}\n${JSON.stringify(req.body ?? null)}`)
    .digest('hex');

export function registerIdempotency(app: FastifyInstance) {
  const db = app.deps.database.db;
  markInTransactions(db);
  app.decorateRequest('idempotency', null);
  // keys whose first call ended in a 5xx before committing while the database could not be told
  const unreleased = new Set<string>();
  let closed = false;
  app.addHook('onClose', async () => {
    closed = true;
  });
  const release = (keyed: Keyed) =>
    db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.scope, keyed.scope), eq(idempotencyKeys.key, keyed.key), eq(idempotencyKeys.committed, false)));
  const releaseLater = (keyed: Keyed) => {
    const id = idOf(keyed);
    unreleased.add(id);
    const started = Date.now();
    const retry = (n: number) =>
      setTimeout(
        () => {
          if (closed || !unreleased.has(id) || Date.now() - started > ABANDONED_MS) return void unreleased.delete(id);
          release(keyed).then(
            () => unreleased.delete(id),
            () => retry(n + 1),
          );
        },
        RELEASE_RETRY_MS[Math.min(n, RELEASE_RETRY_MS.length - 1)],
      ).unref();
    retry(0);
  };

  app.addHook('preHandler', (req: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    const header = req.headers['idempotency-key'];
    const multipart = String(req.headers['content-type'] ?? '').startsWith('multipart/');
    if (!WRITES.has(req.method) || header === undefined || !req.user || multipart) return done();
    // 8–100 letters, digits, - or _
    if (typeof header !== 'string' || !KEY_RE.test(header)) return void send(reply, req.lang, 'BAD_REQUEST', { message: 'error.idempotencyKeyInvalid' });
    const keyed: Keyed = { scope: `u:${req.user.id}:${req.method} ${req.routeOptions.url ?? req.url}`, key: header, committed: false };
    const requestHash = hashOf(req);
    claim(db, keyed, requestHash, unreleased)
      .then((outcome) => {
        if (outcome === 'run') {
          req.idempotency = keyed;
          // the handler (and its transactions) run inside this key's context
          return current.run(keyed, done);
        }
        if (outcome === 'mismatch') return void send(reply, req.lang, 'IDEMPOTENCY_KEY_REUSED');
        if (outcome === 'running') return void send(reply, req.lang, 'IDEMPOTENCY_IN_PROGRESS');
        if (outcome === 'committed') return void send(reply, req.lang, 'IDEMPOTENT_DONE');
        reply.code(outcome.status).header('content-type', outcome.type).header('idempotent-replayed', 'true').send(outcome.body);
      })
      .catch((err: Error) => done(err));
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const keyed = req.idempotency;
    if (!keyed) return payload;
    req.idempotency = null;
    const where = and(eq(idempotencyKeys.scope, keyed.scope), eq(idempotencyKeys.key, keyed.key));
    try {
      if (reply.statusCode < 500 && typeof payload === 'string') {
        await db
          .update(idempotencyKeys)
          .set({ responseStatus: reply.statusCode, responseType: String(reply.getHeader('content-type') ?? 'application/json'), responseBody: payload })
          .where(where);
      } else if (reply.statusCode >= 500) {
        // not committed: the retry may run again; committed: kept, the retry learns it was saved
        if (!keyed.committed) await release(keyed).catch(() => releaseLater(keyed));
      } else {
        await db.delete(idempotencyKeys).where(where);
      }
      if (Math.random() < 0.01) await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${KEEP_HOURS})`));
    } catch (err) {
      // the answer still leaves; an unrecorded key is freed after ABANDONED_MS (or kept as committed)
      req.log.warn({ err: (err as Error).name }, 'idempotency key not recorded');
    }
    return payload;
  });
}

type Outcome = 'run' | 'mismatch' | 'running' | 'committed' | { status: number; type: string; body: string };

const idOf = (keyed: Keyed) => `${keyed.scope}\n${keyed.key}`;

/**
 * Records a new key, or says what the earlier call with this key came to. `unreleased`: keys of this
 * instance whose first call ended in a 5xx without committing (not running: a retry takes them over).
 */
async function claim(db: Db, keyed: Keyed, requestHash: string, unreleased: Set<string>): Promise<Outcome> {
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ scope: keyed.scope, key: keyed.key, requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length) return 'run';
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, keyed.scope), eq(idempotencyKeys.key, keyed.key)));
  if (!row) return claim(db, keyed, requestHash, unreleased); // freed meanwhile
  if (row.requestHash !== requestHash) return 'mismatch';
  if (row.responseStatus !== null && row.responseBody !== null)
    return { status: row.responseStatus, type: row.responseType ?? 'application/json', body: row.responseBody };
  if (row.committed) return 'committed';
  const ended = unreleased.delete(idOf(keyed));
  if (!ended && Date.now() - row.createdAt.getTime() < ABANDONED_MS) return 'running';
  // the first call ended (a 5xx) or vanished without committing: this one takes the key over (one taker wins)
  const taken = await db
    .update(idempotencyKeys)
    .set({ createdAt: new Date() })
    .where(
      and(
        eq(idempotencyKeys.scope, keyed.scope),
        eq(idempotencyKeys.key, keyed.key),
        eq(idempotencyKeys.committed, false),
        ended ? undefined : lt(idempotencyKeys.createdAt, new Date(Date.now() - ABANDONED_MS)),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return taken.length ? 'run' : 'running';
}
