import { describe, expect, it } from 'vitest';
import { sessionLabel } from './checkin-session';

const activities = [
  { id: 5, nameZh: '华东赛区', nameEn: 'East China' },
  { id: 6, nameZh: '华南赛区', nameEn: '' },
];

describe("the gate's session picker (issue 34, item 9)", () => {
  it('names the activity before the session, in the reader language', () => {
    const morning = { id: 1, nameZh: '上午场', nameEn: 'Morning', activityId: 5 };
    expect(sessionLabel(morning, activities, 'zh')).toBe('华东赛区 · 上午场');
    expect(sessionLabel(morning, activities, 'en')).toBe('East China · Morning');
    expect(sessionLabel({ id: 2, nameZh: '上午场', nameEn: 'Morning', activityId: 6 }, activities, 'en')).toBe('华南赛区 · Morning');
  });

  it('shows the session alone while the activities are not known', () => {
    expect(sessionLabel({ id: 3, nameZh: '下午场', nameEn: '', activityId: 9 }, [], 'en')).toBe('下午场');
  });
});
