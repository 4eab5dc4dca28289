import { describe, expect, it } from 'vitest';
import { move, nextAfterDecision, privateFileUrl, reviewKeyAction } from './keys';

const el = (tagName: string, type?: string) => ({ tagName, type, isContentEditable: false }) as unknown as EventTarget;
const key = (k: string, target = el('TR'), mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; isComposing: boolean }> = {}) =>
  reviewKeyAction({ key: k, ctrlKey: false, metaKey: false, altKey: false, target, ...mods });

describe('review keys', () => {
  it.each([
    ['ArrowDown', 'next'],
    ['j', 'next'],
    ['ArrowUp', 'prev'],
    ['K', 'prev'],
    ['p', 'pass'],
    ['F', 'fail'],
    ['Enter', 'open'],
    ['x', 'select'],
    ['q', null],
  ])('%s on a row → %s', (k, action) => expect(key(k)).toBe(action));

  it('leaves text fields, modified keys and IME composition alone', () => {
    expect(key('p', el('TEXTAREA'))).toBeNull();
    expect(key('f', el('INPUT', 'text'))).toBeNull();
    expect(key('p', el('INPUT', 'checkbox'))).toBe('pass');
    expect(key('p', el('TR'), { ctrlKey: true })).toBeNull();
    expect(key('f', el('TR'), { metaKey: true })).toBeNull();
    expect(key('j', el('TR'), { isComposing: true })).toBeNull();
  });

  it('Enter on a button or link keeps its own meaning', () => {
    expect(key('Enter', el('BUTTON'))).toBeNull();
    expect(key('Enter', el('A'))).toBeNull();
    expect(key('p', el('BUTTON'))).toBe('pass');
  });

  it('focus moves to the next row after a decision, or back from the last', () => {
    expect(nextAfterDecision([1, 2, 3], [2], 2)).toBe(3);
    expect(nextAfterDecision([1, 2, 3], [3], 3)).toBe(2);
    expect(nextAfterDecision([1], [1], 1)).toBeNull();
    // a batch: the active row stays if it was not decided; otherwise the next one that stays
    expect(nextAfterDecision([1, 2, 3, 4], [1, 3], 2)).toBe(2);
    expect(nextAfterDecision([1, 2, 3, 4], [2, 3], 2)).toBe(4);
    expect(nextAfterDecision([1, 2, 3, 4], [3, 4], 4)).toBe(2);
    expect(nextAfterDecision([1, 2, 3], [2], null)).toBe(3);
    expect(move([1, 2, 3], null, 1)).toBe(1);
    expect(move([1, 2, 3], 3, 1)).toBe(3);
    expect(move([1, 2, 3], 1, -1)).toBe(1);
    expect(move([], 1, 1)).toBeNull();
  });

  it('shows only private upload URLs', () => {
    expect(privateFileUrl('/api/files/private/avatars/2026/11/abc.jpg')).toBe('/api/files/private/avatars/2026/11/abc.jpg');
    expect(privateFileUrl('https://evil.example/x.png')).toBeNull();
    expect(privateFileUrl('javascript:alert(1)')).toBeNull();
    expect(privateFileUrl('/api/files/private/../../x')).toBeNull();
    expect(privateFileUrl(null)).toBeNull();
  });
});
