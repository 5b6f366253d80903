/**
 * Contrast measured on the pixels Chromium draws (WCAG 1.4.3 and 2.4.13), not on CSS values:
 * gradients, images and translucent layers are what axe can only list as "needs review".
 *
 * - Text: each text's colour (computed style, converted to sRGB by a canvas) against every pixel
 *   behind its line boxes, screenshotted with the text made transparent. The worst pixel counts.
 * - Focus indicators: the pixels that change when the control takes the keyboard focus are the
 *   indicator; its colour is compared with the pixels just inside it and just outside it.
 *
 * Screenshots are decoded by Chromium itself (a blank page's canvas): no image library.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';

export type Rgb = [number, number, number];
type Rgba = [number, number, number, number];
export type Bitmap = { width: number; height: number; data: Uint8Array };

const channel = (c: number) => {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

/** WCAG relative luminance of an sRGB colour. */
const luminance = ([r, g, b]: Rgb) =>
  0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);

/** WCAG contrast ratio, 1 to 21. */
export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const blend = ([r, g, b, a]: Rgba, under: Rgb): Rgb => {
  const α = a / 255;
  return [r * α + under[0] * (1 - α), g * α + under[1] * (1 - α), b * α + under[2] * (1 - α)];
};

const hex = ([r, g, b]: Rgb) =>
  `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** Decodes PNG screenshots with Chromium's own decoder, in a blank page of the context. */
export class PngDecoder {
  private page: Promise<Page>;
  constructor(context: BrowserContext) {
    this.page = context.newPage();
  }
  async decode(png: Buffer): Promise<Bitmap> {
    const page = await this.page;
    const { width, height, rgba } = await page.evaluate(async (base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const data = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
      let binary = '';
      for (let i = 0; i < data.length; i += 0x8000)
        binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
      return { width: bitmap.width, height: bitmap.height, rgba: btoa(binary) };
    }, png.toString('base64'));
    return { width, height, data: new Uint8Array(Buffer.from(rgba, 'base64')) };
  }
  async close() {
    await (await this.page).close();
  }
}

const pixel = (b: Bitmap, x: number, y: number): Rgb => {
  const i = (y * b.width + x) * 4;
  return [b.data[i], b.data[i + 1], b.data[i + 2]];
};

type Box = { x: number; y: number; width: number; height: number };
type TextRun = { text: string; colour: Rgba; large: boolean; boxes: Box[] };

export type TextContrast = {
  text: string;
  colour: string;
  /** The lowest ratio over the pixels behind the text. */
  ratio: number;
  /** 4.5, or 3 for large text (24 px, or 18.66 px bold). */
  required: number;
  /** The background pixel of the lowest ratio. */
  worstBackground: string;
};

const HIDE_TEXT_CLASS = 'contrast-probe-hide-text';
const HIDE_TEXT_CSS = `.${HIDE_TEXT_CLASS}, .${HIDE_TEXT_CLASS} * { color: transparent !important; -webkit-text-fill-color: transparent !important; text-decoration-color: transparent !important; text-shadow: none !important; caret-color: transparent !important; }`;

/**
 * Every visible text inside `container` with its contrast against the pixels behind it, as drawn.
 * The container is screenshotted once with all its text transparent.
 */
export async function textContrasts(
  container: Locator,
  decoder: PngDecoder,
): Promise<TextContrast[]> {
  await container.scrollIntoViewIfNeeded();
  const runs: TextRun[] = await container.evaluate((root) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    const srgb = (css: string) => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = css;
      ctx.fillRect(0, 0, 1, 1);
      return [...ctx.getImageData(0, 0, 1, 1).data] as [number, number, number, number];
    };
    const origin = root.getBoundingClientRect();
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const found: {
      text: string;
      colour: [number, number, number, number];
      large: boolean;
      boxes: { x: number; y: number; width: number; height: number }[];
    }[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.replace(/\s+/g, ' ').trim() ?? '';
      const parent = node.parentElement;
      if (!text || !parent) continue;
      if (!parent.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const boxes = [...range.getClientRects()]
        // Visually hidden text (sr-only) is clipped to 1 px: not drawn.
        .filter((r) => r.width >= 2 && r.height >= 4)
        .map((r) => ({
          x: r.left - origin.left,
          y: r.top - origin.top,
          width: r.width,
          height: r.height,
        }));
      if (!boxes.length) continue;
      const style = getComputedStyle(parent);
      const size = parseFloat(style.fontSize);
      const bold = Number(style.fontWeight) >= 700;
      found.push({
        text,
        colour: srgb(style.color),
        large: size >= 24 || (bold && size >= 18.66),
        boxes,
      });
    }
    return found;
  });
  await container.evaluate(
    (root, { css, cls }) => {
      const style = document.createElement('style');
      style.id = 'contrast-probe-style';
      style.textContent = css;
      document.head.append(style);
      root.classList.add(cls);
    },
    { css: HIDE_TEXT_CSS, cls: HIDE_TEXT_CLASS },
  );
  let background: Bitmap;
  try {
    background = await decoder.decode(await container.screenshot({ animations: 'disabled' }));
  } finally {
    await container.evaluate((root, cls) => {
      root.classList.remove(cls);
      document.getElementById('contrast-probe-style')?.remove();
    }, HIDE_TEXT_CLASS);
  }
  const box = await container.boundingBox();
  const scale = box ? background.width / box.width : 1;
  return runs.map((run) => {
    let ratio = Infinity;
    let worst: Rgb = [0, 0, 0];
    for (const b of run.boxes) {
      const x0 = Math.max(0, Math.ceil(b.x * scale));
      const y0 = Math.max(0, Math.ceil(b.y * scale));
      const x1 = Math.min(background.width, Math.floor((b.x + b.width) * scale));
      const y1 = Math.min(background.height, Math.floor((b.y + b.height) * scale));
      for (let y = y0; y < y1; y++)
        for (let x = x0; x < x1; x++) {
          const under = pixel(background, x, y);
          const r = contrast(blend(run.colour, under), under);
          if (r < ratio) [ratio, worst] = [r, under];
        }
    }
    return {
      text: run.text.slice(0, 60),
      colour: hex(run.colour.slice(0, 3) as Rgb),
      ratio: Math.round(ratio * 100) / 100,
      required: run.large ? 3 : 4.5,
      worstBackground: hex(worst),
    };
  });
}

export type RingContrast = {
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
  const box = await ring.boundingBox();
  if (!box) throw new Error('focus ring: the element has no box');
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
