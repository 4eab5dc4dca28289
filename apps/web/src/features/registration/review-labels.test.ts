import { describe, expect, it } from 'vitest';
import { LEADER_REVIEW, TEAM_REVIEW } from '@rp/shared/rules/registration';
import en from '../../locales/en/registration.json';
import zh from '../../locales/zh/registration.json';
import { leaderReviewKey, teamReviewKey } from './review-labels';

const text = (bundle: Record<string, unknown>, key: string) =>
  key
    .replace('registration:', '')
    .split('.')
    .reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], bundle);

describe('review labels (spec 4.3 team review; a teacher’s review)', () => {
  it('every state has its own label in both languages', () => {
    for (const [values, key] of [
      [Object.values(TEAM_REVIEW), teamReviewKey],
      [Object.values(LEADER_REVIEW), leaderReviewKey],
    ] as const) {
      const keys = values.map((v) => key(v));
      expect(new Set(keys).size).toBe(values.length);
      for (const k of keys) for (const bundle of [zh, en]) expect(typeof text(bundle, k), k).toBe('string');
    }
    expect(text(zh, teamReviewKey(TEAM_REVIEW.NATIONAL_FINALS))).toBe('具备国赛资格');
    expect(text(en, teamReviewKey(TEAM_REVIEW.IN_REVIEW))).toBe('Under review');
    expect([zh.field.created, zh.field.creationComplete, en.field.created, en.field.creationComplete]).toEqual([
      '已创建',
      '创建完成',
      'Created',
      'Creation complete',
    ]);
  });
});
