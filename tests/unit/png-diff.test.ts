/**
 * scripts/support/png-diff.ts, the comparison behind `npm run screenshots:compare`: identical
 * screenshots count no pixel, a changed pixel counts, and a page that grew counts every row the
 * other lacks.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { comparePngs } from '../../scripts/support/png-diff';

const dir = mkdtempSync(join(tmpdir(), 'png-diff-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A white width × height PNG written to `name`, with the given pixels painted black. */
function png(name: string, width: number, height: number, black: [number, number][] = []) {
  const image = new PNG({ width, height });
  image.data.fill(255);
  for (const [x, y] of black) image.data.set([0, 0, 0, 255], (y * width + x) * 4);
  const path = join(dir, name);
  writeFileSync(path, PNG.sync.write(image));
  return path;
}

describe('comparePngs', () => {
  it('finds nothing between two identical screenshots', () => {
    const result = comparePngs(png('a.png', 20, 10), png('b.png', 20, 10), join(dir, 'd1.png'));
    expect(result).toEqual({
      before: { width: 20, height: 10 },
      after: { width: 20, height: 10 },
      differing: 0,
      percent: 0,
    });
  });

  it('counts a pixel that changed, and marks it in the diff image', () => {
    const diffPath = join(dir, 'd2.png');
    const result = comparePngs(png('c.png', 20, 10), png('d.png', 20, 10, [[4, 3]]), diffPath);
    expect(result.differing).toBe(1);
    expect(result.percent).toBeCloseTo(0.5);
    const diff = PNG.sync.read(readFileSync(diffPath));
    const at = (x: number, y: number) => [
      ...diff.data.subarray((y * 20 + x) * 4, (y * 20 + x) * 4 + 3),
    ];
    expect(at(4, 3)).toEqual([255, 0, 0]);
    expect(at(0, 0)).not.toEqual([255, 0, 0]);
  });

  it('counts the rows one screenshot has and the other lacks', () => {
    const result = comparePngs(png('e.png', 20, 10), png('f.png', 20, 12), join(dir, 'd3.png'));
    expect(result.before).toEqual({ width: 20, height: 10 });
    expect(result.after).toEqual({ width: 20, height: 12 });
    expect(result.differing).toBe(40);
  });
});
