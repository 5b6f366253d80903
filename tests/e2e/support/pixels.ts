/**
 * Contrast measured on the pixels Chromium draws (WCAG 1.4.3 and 2.4.13), not on CSS values:
 * gradients, images and translucent layers are what axe can only list as "needs review".
 *
 * - Text: each text's colour (computed style, converted to sRGB by a canvas) against every pixel
 *   behind its line boxes, screenshotted with the text made transparent. The worst pixel counts.
 * - Focus indicators: support/focus-ring.ts.
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

export const hex = ([r, g, b]: Rgb) =>
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

export const pixel = (b: Bitmap, x: number, y: number): Rgb => {
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
