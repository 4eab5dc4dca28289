import { describe, expect, it } from 'vitest';
import { baseName, matchAvatars } from './avatar-match';

describe('batch avatar matching', () => {
  const players = [
    { id: 1, name: '李明', card: '110***********123X' },
    { id: 2, name: '王芳', card: null },
    { id: 3, name: 'Zhang Wei', card: 'E12*4567' },
    { id: 4, name: 'Zhang Wei', card: 'E98*7654' },
  ];
  it('matches by file name without extension, NFKC-normalised', () => {
    const rows = matchAvatars(['李明.jpg', 'photos/王芳.PNG', 'Ｚhang Wei.jpeg', 'nobody.jpg', '李明'], players);
    expect(rows.map((r) => [r.name, r.player?.id ?? null, r.ambiguous, r.selectable])).toEqual([
      ['李明', 1, false, true],
      ['王芳', 2, false, false], // no ID number: not selectable
      ['Zhang Wei', null, true, false], // two players share the name: confirm first
      ['nobody', null, false, false],
      ['李明', 1, false, true],
    ]);
    expect(rows[2]!.candidates.map((c) => c.id)).toEqual([3, 4]);
  });
  it('strips only the last extension', () => {
    expect(baseName('a.b.c.jpg')).toBe('a.b.c');
    expect(baseName('.hidden')).toBe('.hidden');
  });
});
