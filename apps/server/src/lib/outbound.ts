import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Config } from '../config';

/**
 * Calls this server makes to addresses staff typed (webhooks, issue 25). A server that calls out can be
 * turned against its own network (cloud metadata at 169.254.169.254, an admin port on 127.0.0.1, a
 * database on 10.x): every such call goes through here.
 *
 * - the URL is http(s) without credentials; https only in production;
 * - the host name is resolved once and every address it gives must be public (not private, loopback,
 *   link-local, CGNAT, multicast, unspecified, reserved, unique-local IPv6, nor an IPv4-mapped / NAT64 /
 *   6to4 form of one), unless WEBHOOK_ALLOW_PRIVATE names the host, the address or its range;
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
  ranges: { v6: boolean; net: bigint; bits: number }[];
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
    const width = parsed.v6 ? 128 : 32;
    const bits = bitsText === undefined ? width : Math.min(width, Number(bitsText));
    out.ranges.push({ v6: parsed.v6, net: parsed.value, bits });
  }
  return out;
}

interface Ip {
  v6: boolean;
  value: bigint;
}

/** An IPv4 or IPv6 literal as a number (IPv6 zone ids dropped), or null. */
export function parseIp(text: string): Ip | null {
  const s = text.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const kind = net.isIP(s);
  if (kind === 4) return { v6: false, value: v4(s) };
  if (kind !== 6) return null;
  let head = s;
  let tailV4: bigint | null = null;
  const dotted = /:(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (dotted) {
    tailV4 = v4(dotted[1]!);
    head = s.slice(0, dotted.index + 1) + '0:0';
  }
  const [left, right] = head.includes('::') ? (head.split('::') as [string, string]) : [head, null];
  const l = left ? left.split(':') : [];
  const r = right === null ? [] : right ? right.split(':') : [];
  const groups = right === null ? l : [...l, ...Array(8 - l.length - r.length).fill('0'), ...r];
  let value = 0n;
  for (const g of groups) value = (value << 16n) | BigInt(parseInt(g || '0', 16));
  if (tailV4 !== null) value = (value & ~0xffffffffn) | tailV4;
  return { v6: true, value };
}

function v4(s: string): bigint {
  return s.split('.').reduce((acc, p) => (acc << 8n) | BigInt(Number(p)), 0n);
}

const inNet = (ip: Ip, v6: boolean, n: bigint, bits: number) => {
  if (ip.v6 !== v6) return false;
  const shift = (v6 ? 128n : 32n) - BigInt(bits);
  return ip.value >> shift === n >> shift;
};
const inRange = (ip: Ip, v6: boolean, netText: string, bits: number) => inNet(ip, v6, parseIp(netText)!.value, bits);

const V4_BLOCKED: [string, number][] = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];
const V6_BLOCKED: [string, number][] = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::', 96], // IPv4-compatible (deprecated)
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['2001::', 23], // IETF protocol assignments (Teredo and friends)
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

/** Whether an address may be called without the allow-list: a public unicast address. */
export function isPublicAddress(address: string): boolean {
  const ip = parseIp(address);
  if (!ip) return false;
  if (!ip.v6) return !V4_BLOCKED.some(([n, b]) => inRange(ip, false, n, b));
  // IPv4 inside IPv6: mapped (::ffff:a.b.c.d), NAT64 (64:ff9b::/96), 6to4 (2002:AABB:CCDD::/16) — judged as the IPv4
  const embedded =
    inRange(ip, true, '::ffff:0:0', 96) || inRange(ip, true, '64:ff9b::', 96)
      ? ip.value & 0xffffffffn
      : inRange(ip, true, '2002::', 16)
        ? (ip.value >> 80n) & 0xffffffffn
        : null;
  if (embedded !== null) return isPublicAddress([24n, 16n, 8n, 0n].map((s) => String((embedded >> s) & 0xffn)).join('.'));
  return !V6_BLOCKED.some(([n, b]) => inRange(ip, true, n, b));
}

function allowed(policy: OutboundPolicy, host: string, address: string): boolean {
  if (policy.allow.hosts.has(host)) return true;
  const ip = parseIp(address);
  return !!ip && policy.allow.ranges.some((r) => inNet(ip, r.v6, r.net, r.bits));
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
