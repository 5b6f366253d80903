/**
 * Focus indicators measured on the pixels Chromium draws (WCAG 2.4.13), with the colour helpers
 * of pixels.ts: the pixels that change when the control takes the keyboard focus are the
 * indicator; its colour is compared with the pixels just inside it and just outside it.
 */
import type { Locator, Page } from 'playwright-core';
import { contrast, hex, pixel, type PngDecoder, type Rgb } from './pixels';

type RingContrast = {
  /** The indicator's colour: the commonest of the pixels that change on focus. */
  ring: string;
  changedPixels: number;
  /** Ratio between the indicator and the pixels just inside it (the offset gap or the control). */
  inner: number;
  /** Ratio between the indicator and the pixels just outside it (the background). */
  outer: number;
  /** The lowest ratio between a changed pixel, focused and not focused (WCAG 2.4.13). */
  change: number;
};

const MARGIN = 10;

type Box = { x: number; y: number; width: number; height: number };

/** The element's box once two readings 200 ms apart agree (at most 5 s). */
async function stableBox(page: Page, element: Locator): Promise<Box> {
  let box = await element.boundingBox();
  for (let i = 0; i < 25; i++) {
    await page.waitForTimeout(200);
    const next = await element.boundingBox();
    if (box && next && JSON.stringify(next) === JSON.stringify(box)) return box;
    box = next;
  }
  if (!box) throw new Error('focus ring: the element has no box');
  return box;
}

/**
 * The focus indicator of `target` (drawn around `ring`, the target itself by default: a visually
 * hidden radio's card draws it on its label), measured on a screenshot with and without the
 * keyboard focus. Neighbour ratios are low percentiles (antialiased corners are ignored).
 */
export async function focusRingContrast(
  page: Page,
  decoder: PngDecoder,
  target: Locator,
  ring: Locator = target,
): Promise<RingContrast> {
  await ring.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await page.mouse.move(0, 0);
  // The two screenshots compare one place: wait until the element stops moving (a late answer
  // above it, on a busy host, shifted it between them and the ring read as the button's body).
  const box = await stableBox(page, ring);
  const clip = {
    x: Math.max(0, box.x - MARGIN),
    y: Math.max(0, box.y - MARGIN),
    width: box.width + 2 * MARGIN,
    height: box.height + 2 * MARGIN,
  };
  await target.evaluate((el) => (el as HTMLElement).blur());
  const before = await decoder.decode(await page.screenshot({ clip, animations: 'disabled' }));
  // A key press first: after a click, Chromium shows no :focus-visible on a scripted focus.
  await page.keyboard.press('Shift');
  await target.focus();
  const focusVisible = await target.evaluate((el) => el.matches(':focus-visible'));
  if (!focusVisible) throw new Error('focus ring: the element does not match :focus-visible');
  const after = await decoder.decode(await page.screenshot({ clip, animations: 'disabled' }));
  await target.evaluate((el) => (el as HTMLElement).blur());

  const { width, height } = after;
  const changed = new Uint8Array(width * height);
  const counts = new Map<string, { rgb: Rgb; n: number }>();
  let change = Infinity;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const a = pixel(after, x, y);
      const b = pixel(before, x, y);
      if (Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2]) < 48) continue;
      changed[y * width + x] = 1;
      const key = a.join(',');
      const entry = counts.get(key) ?? { rgb: a, n: 0 };
      entry.n++;
      counts.set(key, entry);
    }
  const pixels = [...counts.values()].reduce((n, c) => n + c.n, 0);
  if (pixels === 0) throw new Error('focus ring: nothing changes on focus');
  const ringColour = [...counts.values()].sort((p, q) => q.n - p.n)[0].rgb;
  for (let i = 0; i < changed.length; i++)
    if (changed[i]) {
      const x = i % width;
      const y = Math.floor(i / width);
      if (pixel(after, x, y).join(',') === ringColour.join(','))
        change = Math.min(change, contrast(ringColour, pixel(before, x, y)));
    }

  // The control's own box in the clip: neighbours inside it (or in the offset gap, nearer to it
  // than the indicator pixel) are "inner", the others "outer".
  const left = box.x - clip.x;
  const top = box.y - clip.y;
  const distance = (x: number, y: number) =>
    Math.hypot(
      Math.max(left - x, 0, x - (left + box.width)),
      Math.max(top - y, 0, y - (top + box.height)),
    );
  const inner: number[] = [];
  const outer: number[] = [];
  for (let i = 0; i < changed.length; i++) {
    if (!changed[i]) continue;
    const x = i % width;
    const y = Math.floor(i / width);
    if (pixel(after, x, y).join(',') !== ringColour.join(',')) continue;
    for (const [dx, dy] of [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ]) {
      const nx = x + dx;
      const ny = y + dy;
      if (nx < 0 || ny < 0 || nx >= width || ny >= height || changed[ny * width + nx]) continue;
      const r = contrast(ringColour, pixel(after, nx, ny));
      (distance(nx, ny) < distance(x, y) ? inner : outer).push(r);
    }
  }
  const low = (values: number[]) => {
    if (!values.length) return Infinity;
    const sorted = [...values].sort((p, q) => p - q);
    return Math.round(sorted[Math.floor(sorted.length * 0.1)] * 100) / 100;
  };
  return {
    ring: hex(ringColour),
    changedPixels: pixels,
    inner: low(inner),
    outer: low(outer),
    change: Math.round(change * 100) / 100,
  };
}
