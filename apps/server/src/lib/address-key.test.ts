import { describe, expect, it } from 'vitest';
import { addressKey } from './address-key';

describe('addressKey: what a per-address ceiling counts under', () => {
  it('an IPv4 address alone, a mapped one as its IPv4', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });
  it('every address of one IPv6 /64 counts as one, another /64 apart', () => {
    const a = addressKey('2001:db8:1:2::1');
    expect(addressKey('2001:db8:1:2:ffff:ffff:ffff:fffe')).toBe(a);
    expect(addressKey('2001:0db8:0001:0002:0:0:0:7d')).toBe(a);
    expect(addressKey('2001:db8:1:3::1')).not.toBe(a);
    expect(a).toBe('2001:db8:1:2::/64');
  });
  it('125 addresses of one /64 make one key', () => {
    const keys = new Set(Array.from({ length: 125 }, (_, i) => addressKey(`2001:db8:aa:bb:${i.toString(16)}:1:2:3`)));
    expect(keys.size).toBe(1);
  });
  it('no address is still a key', () => {
    expect(addressKey(undefined)).toBe('unknown');
  });
});
