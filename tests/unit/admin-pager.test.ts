import { describe, expect, it } from 'vitest';
import { pageCountOf, pageWindow } from '@/components/ui/Pager';

describe('pageWindow (sliding window of 5)', () => {
  it('shows every page when there are 5 or fewer', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('starts at 1 near the beginning and ends at the last page near the end', () => {
    expect(pageWindow(1, 250)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(3, 250)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(250, 250)).toEqual([246, 247, 248, 249, 250]);
    expect(pageWindow(249, 250)).toEqual([246, 247, 248, 249, 250]);
  });

  it('centres the current page in the middle', () => {
    expect(pageWindow(4, 250)).toEqual([2, 3, 4, 5, 6]);
    expect(pageWindow(100, 250)).toEqual([98, 99, 100, 101, 102]);
  });

  it('counts pages of 10', () => {
    expect(pageCountOf(0, 10)).toBe(1);
    expect(pageCountOf(10, 10)).toBe(1);
    expect(pageCountOf(11, 10)).toBe(2);
    expect(pageCountOf(2500, 10)).toBe(250);
  });
});
