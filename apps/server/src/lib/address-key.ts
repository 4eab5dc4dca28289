import net from 'node:net';

/**
 * The key a per-address ceiling counts under. An IPv4 address counts alone; an IPv6 address counts by its /64
 * (one household or one cloud host holds a whole /64, so counting each of its 2^64 addresses apart would let
 * one client walk past every ceiling). IPv4-mapped IPv6 (`::ffff:1.2.3.4`) counts as the IPv4 address.
 */
export function addressKey(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (net.isIPv6(ip)) {
    const groups = expandIPv6(ip.split('%')[0]!);
    return groups ? `${groups.slice(0, 4).join(':')}::/64` : ip;
  }
  return ip;
}

/** The eight 16-bit groups of an IPv6 address as lower-case hex without leading zeros, or null. */
function expandIPv6(ip: string): string[] | null {
  let text = ip.toLowerCase();
  // a trailing dotted IPv4 part counts as two groups
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = text.slice(0, v4.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const h = head ? head.split(':') : [];
  const t = tail === undefined ? [] : tail ? tail.split(':') : [];
  const fill = tail === undefined ? 0 : 8 - h.length - t.length;
  if (fill < 0) return null;
  const all = [...h, ...Array<string>(fill).fill('0'), ...t];
  if (all.length !== 8) return null;
  return all.map((g) => parseInt(g || '0', 16).toString(16));
}
