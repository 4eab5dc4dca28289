import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { startS3, type TestS3 } from '../test/s3';
import { createStorage, LocalStorage, newKey, S3Storage, type Storage } from './storage';

// The storage interface against a real S3-compatible server (s3rver, started here on a random port) and
// against local disk: the same behaviour from both, so every reader and writer of uploads can use either.
let s3: TestS3;
const stores: { name: string; storage: () => Storage }[] = [];
let s3Storage: Storage;
let localStorage: Storage;
let localDir: string;

beforeAll(async () => {
  s3 = await startS3();
  s3Storage = await createStorage(loadConfig({ ...s3.env, DATA_DIR: os.tmpdir() }));
  localDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-local-'));
  localStorage = new LocalStorage(localDir);
});
afterAll(async () => {
  await s3Storage?.close();
  await s3?.close();
  if (localDir) fs.rmSync(localDir, { recursive: true, force: true });
});
stores.push({ name: 's3', storage: () => s3Storage }, { name: 'local', storage: () => localStorage });

async function drain(r: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of r) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

describe.each(stores)('storage: $name', ({ name, storage }) => {
  it('is the kind the configuration asked for', () => {
    expect(storage().kind).toBe(name);
    if (name === 's3') expect(storage()).toBeInstanceOf(S3Storage);
  });

  it('writes, reads whole, streams with the size, tells existence and removes', async () => {
    const key = newKey('private/avatars', 'jpg');
    const data = crypto.randomBytes(70_000);
    expect(await storage().exists(key)).toBe(false);
    await storage().put(key, data, 'image/jpeg');
    expect(await storage().exists(key)).toBe(true);
    expect((await storage().read(key)).equals(data)).toBe(true);
    const o = (await storage().open(key))!;
    expect(o.size).toBe(data.length);
    expect(o.body).toBeInstanceOf(Readable);
    expect((await drain(o.body)).equals(data)).toBe(true);
    await storage().remove(key);
    expect(await storage().exists(key)).toBe(false);
    expect(await storage().open(key)).toBeNull();
    await storage().remove(key); // removing twice is not an error
  });

  it('streams a large file in chunks rather than one buffer', async () => {
    const key = newKey('originals', 'jpg');
    const data = crypto.randomBytes(6 * 1024 * 1024);
    await storage().put(key, data);
    const o = (await storage().open(key))!;
    let chunks = 0;
    let size = 0;
    const hash = crypto.createHash('sha256');
    for await (const c of o.body) {
      chunks++;
      size += (c as Buffer).length;
      hash.update(c as Buffer);
    }
    expect(size).toBe(data.length);
    expect(chunks).toBeGreaterThan(1);
    expect(hash.digest('hex')).toBe(crypto.createHash('sha256').update(data).digest('hex'));
    await storage().remove(key);
  });

  it('refuses keys that are not ours (traversal, odd names) without touching the store', async () => {
    for (const bad of ['../etc/passwd', 'public/../../x.jpg', 'public/images/short.jpg', 'PUBLIC/images/000000000000000000000000.jpg', '']) {
      expect(await storage().exists(bad)).toBe(false);
      expect(await storage().open(bad)).toBeNull();
      await expect(storage().put(bad, Buffer.from('x'))).rejects.toThrow('bad storage key');
    }
  });

  // keys are random and never rewritten; S3 replaces objects atomically by itself (s3rver, a test server, does not)
  it.runIf(name === 'local')('overwrites a key atomically (a reader sees the old or the new file, whole)', async () => {
    const key = newKey('public/images', 'jpg');
    const a = Buffer.alloc(200_000, 1);
    const b = Buffer.alloc(300_000, 2);
    await storage().put(key, a);
    const reads = Array.from({ length: 10 }, () => storage().read(key));
    await storage().put(key, b);
    for (const r of await Promise.all(reads)) expect(r.equals(a) || r.equals(b)).toBe(true);
    expect((await storage().read(key)).equals(b)).toBe(true);
  });
});

describe('S3 configuration', () => {
  it('an unknown bucket or an unreachable endpoint is one clear configuration error at start', async () => {
    const base = { ...s3.env, DATA_DIR: os.tmpdir() };
    await expect(createStorage(loadConfig({ ...base, S3_BUCKET: 'no-such-bucket' }))).rejects.toThrow(ConfigError);
    await expect(createStorage(loadConfig({ ...base, S3_BUCKET: 'no-such-bucket' }))).rejects.toThrow(
      /S3_BUCKET: bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+ is not usable \(no such bucket\)/,
    );
    const err = await createStorage(loadConfig({ ...base, S3_ENDPOINT: 'http://127.0.0.1:1' })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect(String((err as Error).message)).not.toContain('S3RVER'); // never the keys
  });
});

describe('cold start', () => {
  it('loads the S3 client only when STORAGE=s3 (the app and the local store never import it)', () => {
    const script = [
      "import { createRequire } from 'node:module';",
      'const require = createRequire(import.meta.url);',
      "await import('./src/app.ts');",
      "const { loadConfig } = await import('./src/config.ts');",
      "const { createStorage } = await import('./src/lib/storage.ts');",
      'await createStorage(loadConfig({ DATA_DIR: process.env.DIR }));',
      "console.log(Object.keys(require.cache).filter((k) => k.includes('@aws-sdk')).length);",
    ].join('\n');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-cold-'));
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: path.join(import.meta.dirname, '../..'),
      env: { PATH: process.env.PATH, DIR: dir },
      encoding: 'utf8',
      timeout: 60_000,
    });
    fs.rmSync(dir, { recursive: true, force: true });
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe('0');
  });
});
