/**
 * Two screenshots compared pixel by pixel (pixelmatch: its default colour threshold, 0.1, and its
 * anti-aliasing detection, so a glyph's smoothing alone is not a difference). Screenshots of
 * different sizes are compared on the larger one's canvas, the missing part filled with magenta:
 * every pixel one of them lacks counts as differing.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

export type PngComparison = {
  before: { width: number; height: number };
  after: { width: number; height: number };
  differing: number;
  /** Differing pixels over the compared canvas's, in per cent. */
  percent: number;
};

/** `png` drawn on a width × height canvas filled with magenta. */
function onCanvas(png: PNG, width: number, height: number): Uint8Array {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set([255, 0, 255, 255], i);
  for (let y = 0; y < png.height; y++)
    data.set(png.data.subarray(y * png.width * 4, (y + 1) * png.width * 4), y * width * 4);
  return data;
}

/** Compares two PNG files; writes the differing pixels in red over a faded copy to `diffPath`. */
export function comparePngs(
  beforePath: string,
  afterPath: string,
  diffPath: string,
): PngComparison {
  const before = PNG.sync.read(readFileSync(beforePath));
  const after = PNG.sync.read(readFileSync(afterPath));
  const width = Math.max(before.width, after.width);
  const height = Math.max(before.height, after.height);
  const diff = new PNG({ width, height });
  const differing = pixelmatch(
    onCanvas(before, width, height),
    onCanvas(after, width, height),
    diff.data,
    width,
    height,
    { threshold: 0.1 },
  );
  writeFileSync(diffPath, PNG.sync.write(diff));
  return {
    before: { width: before.width, height: before.height },
    after: { width: after.width, height: after.height },
    differing,
    percent: (100 * differing) / (width * height),
  };
}
