/**
 * Reflow (WCAG 1.4.10) on a live page: nothing scrolls sideways, nothing sticks out of the screen
 * or out of its box, except inside a declared horizontal scroll region (an element with
 * overflow-x auto or scroll: the administration's tables).
 */
import type { BrowserContext, Page } from 'playwright-core';

export type Reflow = {
  scrollWidth: number;
  innerWidth: number;
  /** Visible elements reaching past the viewport's left or right edge (outermost only). */
  offScreen: string[];
  /** Visible elements wider than their parent's box, or text wider than its own box. */
  overflowing: string[];
  /** Words of a button, link or label split across two lines ("Suppri-mer"), addresses aside. */
  brokenWords: string[];
};

/**
 * Text at 200 %: the root font size, set on every document of the context before the page's own
 * code (Tailwind sizes text and spacing in rem, so this is what a reader's larger default font
 * does; Chromium's own text-size setting is not reachable from a test).
 */
export async function enlargeText(context: BrowserContext, percent = 200) {
  await context.addInitScript(
    `(() => { const apply = () => document.documentElement && document.documentElement.style.setProperty('font-size', '${percent}%'); apply(); document.addEventListener('DOMContentLoaded', apply); })();`,
  );
}

export function measureReflow(page: Page): Promise<Reflow> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const describe = (el: Element) => {
      const id = el.id ? `#${el.id}` : '';
      const cls =
        typeof el.className === 'string' && el.className.trim()
          ? `.${el.className.trim().split(/\s+/).slice(0, 4).join('.')}`
          : '';
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      return `${el.tagName.toLowerCase()}${id}${cls} "${text}"`;
    };
    const inScrollRegion = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
        const overflowX = getComputedStyle(a).overflowX;
        if (overflowX === 'auto' || overflowX === 'scroll') return true;
      }
      return false;
    };
    const offScreen: string[] = [];
    const overflowing: string[] = [];
    const reported = new Set<Element>();
    for (const el of document.body.querySelectorAll('*')) {
      if (!el.checkVisibility({ visibilityProperty: true })) continue;
      if (el.closest('[aria-hidden="true"]')) continue;
      const r = el.getBoundingClientRect();
      if (r.width < 2 || r.height < 2 || inScrollRegion(el)) continue;
      if (r.right > width + 1 || r.left < -1) {
        if (!reported.has(el.parentElement!))
          offScreen.push(`${describe(el)} spans ${Math.round(r.left)}..${Math.round(r.right)}`);
        reported.add(el);
      }
      const style = getComputedStyle(el);
      // The box it sits in: an element with display: contents has none (its parent's counts).
      let parent = el.parentElement;
      while (parent && getComputedStyle(parent).display === 'contents')
        parent = parent.parentElement;
      if (parent && parent !== document.body && !['absolute', 'fixed'].includes(style.position)) {
        const p = parent.getBoundingClientRect();
        const ps = getComputedStyle(parent);
        const out = Math.max(
          r.right - (p.right - parseFloat(ps.borderRightWidth)),
          p.left + parseFloat(ps.borderLeftWidth) - r.left,
        );
        if (out > 1)
          overflowing.push(
            `${describe(el)} sticks out of ${describe(parent)} by ${Math.round(out)} px`,
          );
      }
      const childOut = [...el.children].some((c) => c.getBoundingClientRect().right > r.right + 1);
      if (
        // A closed <select> shows its chosen option clipped to its own box; Chromium 150 reports
        // the widest option as its scrollWidth (earlier versions its box), which no reader sees.
        el.tagName !== 'SELECT' &&
        style.overflowX === 'visible' &&
        style.display !== 'inline' &&
        el.clientWidth > 0 &&
        el.scrollWidth > el.clientWidth + 1 &&
        !childOut
      )
        overflowing.push(`${describe(el)}: text ${el.scrollWidth} px wide in ${el.clientWidth} px`);
    }
    const brokenWords: string[] = [];
    for (const el of document.body.querySelectorAll('button, a, label')) {
      if (!el.checkVisibility({ visibilityProperty: true }) || el.closest('.sr-only')) continue;
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const data = node.textContent ?? '';
        for (const m of data.matchAll(/[^\s\u00a0\-\u2010\u2011/]{2,}/g)) {
          if (/[@.]/.test(m[0])) continue; // e-mail and web addresses may wrap anywhere
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const lines = new Set(
            [...range.getClientRects()].filter((b) => b.width > 0).map((b) => Math.round(b.top)),
          );
          if (lines.size > 1) brokenWords.push(`${el.tagName.toLowerCase()} "${m[0]}"`);
        }
      }
    }
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: width,
      offScreen,
      overflowing,
      brokenWords,
    };
  });
}

/** One line per problem, for an assertion's message. */
export function describeReflow(label: string, r: Reflow): string {
  return [
    `${label}: scrollWidth ${r.scrollWidth} for a ${r.innerWidth} px viewport`,
    ...r.offScreen.slice(0, 8).map((l) => `  off screen: ${l}`),
    ...r.overflowing.slice(0, 8).map((l) => `  overflowing: ${l}`),
  ].join('\n');
}
