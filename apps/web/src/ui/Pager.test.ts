import { describe, expect, it } from 'vitest';
import { pageWindow } from './Pager';

describe('pageWindow', () => {
  it('shows first, last and the neighbours of the current page, with gaps (0)', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 10)).toEqual([1, 0, 4, 5, 6, 0, 10]);
    expect(pageWindow(2, 10)).toEqual([1, 2, 3, 0, 10]);
    expect(pageWindow(10, 10)).toEqual([1, 0, 9, 10]);
  });
});
