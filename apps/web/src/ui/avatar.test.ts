import { describe, expect, it } from 'vitest';
import { avatarFileName } from '@rp/shared';
import { avatarSrc } from './avatar';

describe('avatarSrc (spec 3 / 7.1: the user sends a bare file name, the client loads /avatar/<name>)', () => {
  it('builds /avatar/<name> from the bare name the server sends, never /avatar//avatar/…', () => {
    expect(avatarSrc('0123456789abcdef01234567.jpg')).toBe('/avatar/0123456789abcdef01234567.jpg');
    expect(avatarSrc(null)).toBeNull();
  });

  it('agrees with the server for every stored form: what the server sends loads from one /avatar/ path', () => {
    for (const stored of ['0123456789abcdef01234567.jpg', '/avatar/0123456789abcdef01234567.jpg', '/files/public/avatars/2025/03/0123456789abcdef01234567.jpg'])
      expect(avatarSrc(avatarFileName(stored))).toBe('/avatar/0123456789abcdef01234567.jpg');
  });
});
