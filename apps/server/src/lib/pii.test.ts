import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Pii } from './pii';

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
});
