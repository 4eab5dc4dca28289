import { describe, expect, it } from 'vitest';
import { registerHref, signUpState } from './model';

const now = new Date('2026-11-22T00:00:00Z');
const base = { signUpOpen: false, signUpBegin: null as string | null, finishTime: '2027-01-23T00:00:00Z', status: 1 };

describe('signUpState', () => {
  it('follows the server’s signUpOpen, then tells ended, soon and closed apart', () => {
    expect(signUpState({ ...base, signUpOpen: true }, now)).toBe('open');
    expect(signUpState({ ...base, finishTime: '2026-01-01T00:00:00Z' }, now)).toBe('ended');
    expect(signUpState({ ...base, signUpBegin: '2026-12-01T00:00:00Z' }, now)).toBe('soon');
    expect(signUpState({ ...base, signUpBegin: '2026-12-01T00:00:00Z', status: 4 }, now)).toBe('closed');
    expect(signUpState(base, now)).toBe('closed');
  });
});

describe('registerHref', () => {
  it('sends a member to the entry and a visitor through login back to it', () => {
    expect(registerHref(600, true)).toBe('/activityEnter?id=600');
    expect(registerHref(600, false)).toBe('/login?redirect=%2FactivityEnter%3Fid%3D600');
  });
});
