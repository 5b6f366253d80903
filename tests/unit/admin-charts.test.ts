import { describe, expect, it } from 'vitest';
import { barHeight } from '@/features/admin/ui/charts';
import { percent } from '@/lib/numbers';

describe('barHeight', () => {
  it('is 4 px at zero and at least 20 px for any non-zero count', () => {
    expect(barHeight(0, 100)).toBe(4);
    expect(barHeight(0, 0)).toBe(4);
    expect(barHeight(1, 1000)).toBe(20);
    expect(barHeight(1000, 1000)).toBe(160);
    expect(barHeight(500, 1000)).toBe(80);
  });
});

describe('percent', () => {
  it('rounds to whole numbers', () => {
    expect(percent(1, 3)).toBe(33);
    expect(percent(2, 3)).toBe(67);
    expect(percent(2500, 2500)).toBe(100);
  });
});
