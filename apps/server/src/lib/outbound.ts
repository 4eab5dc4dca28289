import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Config } from '../config';

/**
 * Calls this server makes to addresses staff typed (webhooks, issue 25). A server that calls out can be
 * turned against its own network (cloud metadata at 169.254.169.254, an admin port on 127.0.0.1, a
 * database on 10.x): every such call goes through here.
 *
 * - the URL is http(s) without credentials; https only in production;
 * - the host name is resolved once and every address it gives must be public (not private, loopback,
 *   link-local, CGNAT, multicast, unspecified, reserved, unique-local IPv6, NAT64 local-use, nor an
 *   IPv4-mapped / -translated / NAT64 / 6to4 form of one; ipaddr.js's table of special ranges), unless
 *   WEBHOOK_ALLOW_PRIVATE names the host, the address or its range;
 * - the connection goes to the address that was checked (a custom `lookup`), with the name as Host and
 *   TLS SNI: a DNS answer that changes between check and connect (DNS rebinding) changes nothing;
 * - redirects are never followed; the response body is never read.
 */
export type UrlProblem = 'invalid' | 'httpsOnly' | 'private' | 'unresolvable';

/** A URL refused before any connection; `problem` names why (the API's message on the url field). */
export class OutboundRefused extends Error {
  constructor(readonly problem: UrlProblem) {
    super(`outbound refused: ${problem}`);
    this.name = 'OutboundRefused';
  }
}

/** A call that went out and failed: `code` is short and safe to store (timeout, ECONNREFUSED, …). */
export class OutboundFailed extends Error {
  constructor(readonly code: string) {
    super(`outbound failed: ${code}`);
    this.name = 'OutboundFailed';
  }
}

export interface OutboundPolicy {
  httpsOnly: boolean;
  allow: AllowList;
  /** how long a DNS lookup may take */
  lookupTimeoutMs?: number;
}

interface AllowList {
  hosts: Set<string>;
  ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][];
}

export function outboundPolicy(config: Pick<Config, 'NODE_ENV' | 'WEBHOOK_ALLOW_PRIVATE'>): OutboundPolicy {
  return { httpsOnly: config.NODE_ENV === 'production', allow: parseAllowList(config.WEBHOOK_ALLOW_PRIVATE) };
}

export function parseAllowList(spec: string | undefined): AllowList {
  const out: AllowList = { hosts: new Set(), ranges: [] };
  for (const raw of (spec ?? '').split(',')) {
    const item = raw.trim().toLowerCase();
    if (!item) continue;
    const [addr, bitsText] = item.split('/') as [string, string | undefined];
    const parsed = parseIp(addr);
    if (!parsed) {
      out.hosts.add(item.replace(/\.$/, ''));
      continue;
    }
    const width = parsed.kind() === 'ipv6' ? 128 : 32;
    out.ranges.push([parsed, bitsText === undefined ? width : Math.min(width, Number(bitsText))]);
  }
  return out;
}

/** An IPv4 or IPv6 literal (brackets and an IPv6 zone id dropped), or null; only the forms Node itself connects to. */
function parseIp(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const s = text.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  return net.isIP(s) ? ipaddr.parse(s) : null;
}

/** IPv6 forms ipaddr.js calls unicast that are no public host: IPv4-compatible (::a.b.c.d, deprecated). */
const V6_ALSO_BLOCKED: [ipaddr.IPv6, number][] = [ipaddr.IPv6.parseCIDR('::/96')];
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

/**
 * Whether an address may be called without the allow-list: a public unicast address by ipaddr.js's table
 * of special ranges (private, loopback, link-local, CGNAT, multicast, unspecified, reserved, documentation,
 * unique-local, Teredo, …). An IPv4 address inside IPv6 is judged as that IPv4: mapped (::ffff:a.b.c.d), the
 * well-known NAT64 prefix (64:ff9b::/96) and 6to4 (2002:AABB:CCDD::/16). IPv4-translated (::ffff:0:0:0/96,
 * stateless translation inside one network) and local-use NAT64 (64:ff9b:1::/48) lead into a private
 * network whatever they embed: refused.
 */
export function isPublicAddress(address: string): boolean {
  const ip = parseIp(address);
  if (!ip) return false;
  if (ip.kind() === 'ipv4') return ip.range() === 'unicast';
  const v6 = ip as ipaddr.IPv6;
  const range = v6.range();
  const parts = v6.parts;
  const embedded =
    range === 'ipv4Mapped' || (range === 'rfc6052' && v6.match(NAT64_WELL_KNOWN)) ? [parts[6]!, parts[7]!] : range === '6to4' ? [parts[1]!, parts[2]!] : null;
  if (embedded) return isPublicAddress(embedded.flatMap((g) => [g >> 8, g & 0xff]).join('.'));
  return range === 'unicast' && !V6_ALSO_BLOCKED.some((r) => v6.match(r));
}

function allowed(policy: OutboundPolicy, host: string, address: string): boolean {
  if (policy.allow.hosts.has(host)) return true;
  const ip = parseIp(address);
  return !!ip && policy.allow.ranges.some(([n, bits]) => n.kind() === ip.kind() && ip.match(n, bits));
}

/** A URL checked and resolved: the connection goes to `address`, never to a second lookup's answer. */
export interface OutboundTarget {
  url: URL;
  /** the host name as typed (lower case, no brackets) */
  host: string;
  address: string;
  family: 4 | 6;
}

/** Parses, resolves once and checks a URL; throws OutboundRefused with the problem. */
export async function resolveTarget(raw: string, policy: OutboundPolicy): Promise<OutboundTarget> {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new OutboundRefused('invalid');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new OutboundRefused('invalid');
  if (url.username || url.password || !url.hostname) throw new OutboundRefused('invalid');
  if (policy.httpsOnly && url.protocol !== 'https:') throw new OutboundRefused('httpsOnly');
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  let addresses: { address: string; family: number }[];
  if (net.isIP(host)) addresses = [{ address: host, family: net.isIP(host) }];
  else {
    if (!/^[a-z0-9._-]+$/.test(host)) throw new OutboundRefused('invalid');
    addresses = await lookupAll(host, policy.lookupTimeoutMs ?? 5000);
  }
  if (!addresses.length) throw new OutboundRefused('unresolvable');
  // every address the name gives must pass: a client may connect to any of them
  for (const a of addresses) if (!isPublicAddress(a.address) && !allowed(policy, host, a.address)) throw new OutboundRefused('private');
  const first = addresses[0]!;
  return { url, host, address: first.address, family: first.family === 6 ? 6 : 4 };
}

async function lookupAll(host: string, timeoutMs: number): Promise<{ address: string; family: number }[]> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      dns.promises.lookup(host, { all: true, verbatim: true }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
      }),
    ]);
  } catch {
    throw new OutboundRefused('unresolvable');
  } finally {
    clearTimeout(timer);
  }
}

export interface OutboundResult {
  statusCode: number;
  durationMs: number;
}

/**
 * POSTs `body` to the URL (checked again here, at call time) and answers the status code once the response
 * headers arrive; the body is not read. Throws OutboundRefused (the address is no longer allowed) or
 * OutboundFailed (timeout, connection, TLS) — `timeoutMs` covers the whole exchange.
 */
export async function postJson(
  raw: string,
  body: string,
  headers: Record<string, string>,
  opts: { policy: OutboundPolicy; timeoutMs: number },
): Promise<OutboundResult> {
  const started = Date.now();
  const target = await resolveTarget(raw, opts.policy);
  const { url, host, address, family } = target;
  const lib = url.protocol === 'https:' ? https : http;
  return new Promise<OutboundResult>((resolve, reject) => {
    let settled = false;
    const finish = (e: Error | null, r?: OutboundResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (e) reject(e);
      else resolve(r!);
    };
    const req = lib.request({
      protocol: url.protocol,
      hostname: host,
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: 'POST',
      agent: false,
      headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
      // the checked address, whatever a second lookup would say; Host and SNI stay the name
      lookup: (_name: string, o: { all?: boolean }, cb: (...args: unknown[]) => void) => {
        if (o?.all) cb(null, [{ address, family }]);
        else cb(null, address, family);
      },
      ...(url.protocol === 'https:' && !net.isIP(host) ? { servername: host } : {}),
    } as https.RequestOptions);
    const timer = setTimeout(() => {
      finish(new OutboundFailed('timeout'));
      req.destroy();
    }, opts.timeoutMs);
    req.on('response', (res) => {
      finish(null, { statusCode: res.statusCode ?? 0, durationMs: Date.now() - started });
      res.on('error', () => undefined);
      res.destroy();
    });
    req.on('error', (e: NodeJS.ErrnoException) => {
      const code = typeof e.code === 'string' ? e.code : 'connect';
      finish(new OutboundFailed(code.replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 60) || 'connect'));
    });
    req.end(body);
  });
}
