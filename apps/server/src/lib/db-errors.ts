import { ERRORS, type ErrorCode } from '@rp/shared';

/**
 * Database failures → the error contract. PostgreSQL (pg) and PGlite errors reach us wrapped by drizzle
 * (DrizzleQueryError, whose message carries the SQL *and its parameters*), so the SQLSTATE is looked for
 * along the `cause` chain. Nothing here ever reads or returns a query text, parameters or a `detail`
 * (which quotes the offending values): logs get the SQLSTATE, the constraint/table/column names only.
 */
export type DbFailure = 'DB_UNAVAILABLE' | 'DB_BUSY' | 'DUPLICATE' | 'IN_USE' | 'UNKNOWN_REFERENCE' | 'INVALID_VALUE';

export interface DbLogFields {
  sqlState?: string;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
}

interface PgLike {
  code?: unknown;
  message?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  routine?: unknown;
  cause?: unknown;
}

/** The error and its causes, outermost first (at most 6, cycles stopped). */
function chain(err: unknown): PgLike[] {
  const out: PgLike[] = [];
  let e: unknown = err;
  while (e && typeof e === 'object' && out.length < 6 && !out.includes(e as PgLike)) {
    out.push(e as PgLike);
    e = (e as PgLike).cause;
  }
  return out;
}

// SQLSTATE: a class of two (digits, or F0 / HV / P0 / XX) and three more; not Node's EPIPE and friends
const SQLSTATE = /^(?:[0-9][0-9A-Z]|F0|HV|P0|XX)[0-9A-Z]{3}$/;

/** The first SQLSTATE along the chain, with the object that carries it. */
function sqlError(err: unknown): (PgLike & { code: string }) | undefined {
  return chain(err).find((e): e is PgLike & { code: string } => typeof e.code === 'string' && SQLSTATE.test(e.code));
}

const NET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// pg / pg-pool / PGlite texts for a connection that is gone or cannot be had (they carry no data).
const GONE = /Connection terminated|not queryable|timeout exceeded when trying to connect|Cannot use a pool after calling end|PGlite is closed/i;

/** True when the database connection (not the request) failed: the server itself is fine, try again later. */
export function isConnectionError(err: unknown): boolean {
  const pg = sqlError(err);
  if (pg) return connectionState(pg);
  return chain(err).some((e) => (typeof e.code === 'string' && NET_CODES.has(e.code)) || (typeof e.message === 'string' && GONE.test(e.message)));
}

// 08 connection exception, 57P01–57P05 admin/crash shutdown, cannot connect now, idle session timeout;
// 53 insufficient resources (too many connections, out of memory or disk); a database that refuses
// connections (ALTER DATABASE … ALLOW_CONNECTIONS false during maintenance).
function connectionState(pg: PgLike & { code: string }): boolean {
  const s = pg.code;
  if (s === '55000') return typeof pg.message === 'string' && /not currently accepting connections/.test(pg.message);
  return s.startsWith('08') || /^57P0[1-5]$/.test(s) || s.startsWith('53');
}

/** What the client gets for a database error (a catalogue code, with its status), or null when `err` is not one. */
export function classifyDbError(err: unknown): { code: DbFailure & ErrorCode; status: number } | null {
  const code = dbFailure(err);
  return code ? { code, status: ERRORS[code].status } : null;
}

function dbFailure(err: unknown): DbFailure | null {
  const pg = sqlError(err);
  if (!pg) return isConnectionError(err) ? 'DB_UNAVAILABLE' : null;
  const s = pg.code;
  if (connectionState(pg)) return 'DB_UNAVAILABLE';
  // serialization failure, deadlock, lock or statement timeout: nothing was written, try again
  if (s === '40001' || s === '40P01' || s === '55P03' || s === '57014') return 'DB_BUSY';
  if (s === '23505') return 'DUPLICATE';
  // ON DELETE RESTRICT: a row others still point at
  if (s === '23001') return 'IN_USE';
  if (s === '23503') {
    // deleting/updating a row others point at, or pointing at a row that does not exist
    return typeof pg.message === 'string' && pg.message.startsWith('update or delete on table') ? 'IN_USE' : 'UNKNOWN_REFERENCE';
  }
  // 22 data exception (out of range, bad text representation, NUL byte, too long), 23502 not null,
  // 23514 check, 54 program limit exceeded (too deep, too large): all caused by what was sent
  if (s.startsWith('22') || s === '23502' || s === '23514' || s.startsWith('54')) return 'INVALID_VALUE';
  return null;
}

/** Safe fields for a log line about a database error: never the query, its parameters or `detail`. */
export function dbLogFields(err: unknown): DbLogFields | null {
  const pg = sqlError(err);
  if (!pg) {
    const net = chain(err).find((e) => typeof e.code === 'string' && NET_CODES.has(e.code));
    return net ? { sqlState: net.code as string } : isConnectionError(err) ? { sqlState: 'connection' } : null;
  }
  const str = (v: unknown) => (typeof v === 'string' && v.length <= 128 ? v : undefined);
  return { sqlState: pg.code, constraint: str(pg.constraint), table: str(pg.table), column: str(pg.column), routine: str(pg.routine) };
}

/** True when any error along the chain carries SQL or parameters in its message (drizzle, PGlite). */
function carriesQuery(e: PgLike): boolean {
  return 'params' in e || 'query' in e || (typeof e.message === 'string' && /^Failed query:/.test(e.message));
}

/**
 * Log fields for an unexpected error: for a database error only `dbLogFields`; otherwise the error's
 * type, message and stack frames — with every message that could quote SQL parameters left out.
 */
export function safeErrorLog(err: unknown): Record<string, unknown> {
  const db = dbLogFields(err);
  const all = chain(err);
  const inner = [...all].reverse().find((e) => !carriesQuery(e) && !(typeof e.code === 'string' && SQLSTATE.test(e.code)));
  const type = (e: unknown) => (e && typeof e === 'object' ? (e as object).constructor?.name : typeof e);
  const frames = (e: unknown) =>
    e instanceof Error && e.stack
      ? e.stack
          .split('\n')
          .filter((l) => l.startsWith('    at '))
          .slice(0, 12)
          .join('\n')
      : undefined;
  if (db) return { db, errType: type(all[all.length - 1]), stack: frames(all[0]) };
  if (all.some(carriesQuery))
    return { errType: type(inner ?? all[0]), message: inner && !carriesQuery(inner) ? inner.message : undefined, stack: frames(all[0]) };
  return { errType: type(all[0] ?? err), message: all[0] ? all[0].message : String(err), stack: frames(all[0]) };
}
