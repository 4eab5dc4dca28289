import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { isPublicAddress, OutboundFailed, OutboundRefused, parseAllowList, postJson, resolveTarget, type OutboundPolicy } from './outbound';

const policy = (allow = '', httpsOnly = false): OutboundPolicy => ({ httpsOnly, allow: parseAllowList(allow) });
const problem = async (url: string, p = policy()) => {
  try {
    await resolveTarget(url, p);
    return null;
  } catch (e) {
    if (e instanceof OutboundRefused) return e.problem;
    throw e;
  }
};

describe('outbound calls (webhooks): which addresses may be called', () => {
  it.each([
    ['8.8.8.8', true],
    ['1.1.1.1', true],
    ['2606:4700:4700::1111', true],
    ['10.0.0.1', false],
    ['10.255.255.255', false],
    ['127.0.0.1', false],
    ['127.8.9.10', false],
    ['169.254.169.254', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['172.32.0.1', true],
    ['192.168.0.1', false],
    ['100.64.0.1', false],
    ['100.127.255.255', false],
    ['100.128.0.1', true],
    ['0.0.0.0', false],
    ['224.0.0.251', false],
    ['255.255.255.255', false],
    ['::', false],
    ['::1', false],
    ['fe80::1', false],
    ['fd12:3456::1', false],
    ['fc00::1', false],
    ['ff02::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:7f00:1', false],
    ['::ffff:8.8.8.8', true],
    ['64:ff9b::a9fe:a9fe', false],
    ['2002:c0a8:0101::1', false],
    ['2001:db8::1', false],
    ['fe80::1%eth0', false],
    // issue 33: IPv4-translated and local-use NAT64 lead inside, whatever they embed; well-known NAT64 by its IPv4
    ['::ffff:0:7f00:1', false],
    ['::ffff:0:808:808', false],
    ['64:ff9b:1::7f00:1', false],
    ['64:ff9b:1::808:808', false],
    ['64:ff9b::7f00:1', false],
    ['64:ff9b::a00:1', false],
    ['64:ff9b::808:808', true],
    ['::7f00:1', false],
    ['2001::1', false],
  ])('%s → public %s', (address, want) => {
    expect(isPublicAddress(address)).toBe(want);
  });

  it('refuses bad URLs, plain http in production, private hosts; the allow-list lets named hosts, addresses and ranges through', async () => {
    expect(await problem('ftp://example.org/')).toBe('invalid');
    expect(await problem('http://user:pass@8.8.8.8/')).toBe('invalid');
    expect(await problem('nonsense')).toBe('invalid');
    expect(await problem('http://8.8.8.8/', policy('', true))).toBe('httpsOnly');
    expect(await problem('https://8.8.8.8/', policy('', true))).toBeNull();
    expect(await problem('http://127.0.0.1/')).toBe('private');
    expect(await problem('http://[::1]:80/')).toBe('private');
    expect(await problem('http://localhost/')).toBe('private');
    expect(await problem('http://name.invalid/')).toBe('unresolvable');
    expect(await problem('http://127.0.0.1/', policy('127.0.0.1'))).toBeNull();
    expect(await problem('http://10.1.2.3/', policy('10.0.0.0/8'))).toBeNull();
    expect(await problem('http://10.1.2.3/', policy('10.0.0.0/16'))).toBe('private');
    expect(await problem('http://localhost/', policy('localhost'))).toBeNull();
    expect(await problem('http://[::1]/', policy('::1'))).toBeNull();
  });

  it('connects to the address it checked, with the name as Host; follows no redirect; times out', async () => {
    const seen: { host?: string; path?: string }[] = [];
    let mode: 'ok' | 'redirect' | 'hang' = 'ok';
    const server = http.createServer((req, res) => {
      seen.push({ host: req.headers.host, path: req.url });
      if (mode === 'hang') return;
      if (mode === 'redirect') return void res.writeHead(302, { location: 'http://169.254.169.254/' }).end();
      res.writeHead(204).end();
    });
    // the server listens where 'localhost' resolves first: the call goes to that checked address, named localhost
    const local = await resolveTarget('http://localhost/', policy('localhost'));
    expect(['127.0.0.1', '::1']).toContain(local.address);
    await new Promise<void>((r) => server.listen(0, local.address, r));
    const port = (server.address() as AddressInfo).port;
    try {
      const r = await postJson(`http://localhost:${port}/x?y=1`, '{}', {}, { policy: policy('localhost'), timeoutMs: 2000 });
      expect(r.statusCode).toBe(204);
      expect(seen.at(-1)).toEqual({ host: `localhost:${port}`, path: '/x?y=1' });
      mode = 'redirect';
      expect((await postJson(`http://localhost:${port}/r`, '{}', {}, { policy: policy('localhost'), timeoutMs: 2000 })).statusCode).toBe(302);
      expect(seen.at(-1)!.path).toBe('/r');
      mode = 'hang';
      await expect(postJson(`http://localhost:${port}/h`, '{}', {}, { policy: policy('localhost'), timeoutMs: 200 })).rejects.toEqual(
        new OutboundFailed('timeout'),
      );
      // refused before any connection
      const before = seen.length;
      await expect(postJson(`http://localhost:${port}/n`, '{}', {}, { policy: policy(), timeoutMs: 200 })).rejects.toBeInstanceOf(OutboundRefused);
      expect(seen.length).toBe(before);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
