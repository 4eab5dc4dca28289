import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { AppError } from './errors';
import { loadPiiKey, Pii } from './pii';

describe('PII encryption', () => {
  const pii = new Pii(crypto.randomBytes(32));
  it('round-trips, never stores the plain text, and uses a fresh IV each time', () => {
    const a = pii.encrypt('11010520100307123x');
    const b = pii.encrypt('11010520100307123X');
    expect(a).not.toContain('110105');
    expect(a).not.toBe(b);
    expect(pii.decrypt(a)).toBe('11010520100307123X');
  });
  it('indexes case-insensitively, and another key gives another index', () => {
    expect(pii.index('11010520100307123x')).toBe(pii.index(' 11010520100307123X '));
    expect(new Pii(crypto.randomBytes(32)).index('11010520100307123X')).not.toBe(pii.index('11010520100307123X'));
  });
  it('detects tampering', () => {
    const s = pii.encrypt('E12345678').split('.');
    s[3] = Buffer.from('zzzzzzzzz').toString('base64url');
    expect(() => pii.decrypt(s.join('.'))).toThrow();
  });

  it('a number written under another key is unreadable: null from tryDecrypt, 409 PII_UNREADABLE from decrypt', () => {
    const other = new Pii(crypto.randomBytes(32));
    const stored = other.encrypt('11010520100307123X');
    expect(pii.tryDecrypt(stored)).toBeNull();
    expect(pii.tryDecrypt('garbage')).toBeNull();
    let err: unknown;
    try {
      pii.decrypt(stored);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'PII_UNREADABLE', httpStatus: 409 });
    expect(String((err as Error).message)).not.toContain('110105');
  });
});

describe('PII key', () => {
  const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'rp-pii-'));
  it('embedded database: generated once into DATA_DIR (0600) and read back the same', () => {
    const dir = tmp();
    const config = loadConfig({ DATA_DIR: dir });
    const a = loadPiiKey(config);
    expect(a).toHaveLength(32);
    expect(fs.statSync(path.join(dir, 'pii.key')).mode & 0o777).toBe(0o600);
    expect(loadPiiKey(config).equals(a)).toBe(true);
    fs.rmSync(dir, { recursive: true, force: true });
  });
  it('PII_KEY wins (hex or base64), and PostgreSQL never falls back to a generated key', () => {
    const key = crypto.randomBytes(32);
    expect(loadPiiKey(loadConfig({ PII_KEY: key.toString('hex') })).equals(key)).toBe(true);
    expect(loadPiiKey(loadConfig({ PII_KEY: key.toString('base64') })).equals(key)).toBe(true);
    const dir = tmp();
    expect(() => loadPiiKey({ DATABASE_URL: 'postgres://db/app', PII_KEY: undefined, dataDir: dir })).toThrow(ConfigError);
    expect(fs.existsSync(path.join(dir, 'pii.key'))).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
