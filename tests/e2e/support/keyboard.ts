/**
 * A keyboard-only visitor (issue 15): every key press is counted, and after every step the focus
 * is checked: never <body> (a lost focus), and where the step should leave it.
 */
import type { Page } from 'playwright-core';

/** What has the focus, as a keyboard and screen-reader user perceives it. */
export type Focused = {
  tag: string;
  /** Its accessible name, roughly: aria-label, its label, or its text; without the " *". */
  name: string;
  type: string;
  /** Inside the administration's drawer. */
  inDrawer: boolean;
};

export type StepLog = { step: string; keys: number; typed: number; focus: string };
/** A step after which the focus was on <body> (lost) or elsewhere than the result (misplaced). */
export type FocusProblem = { step: string; kind: 'lost' | 'misplaced'; details: string };

export class KeyboardUser {
  readonly counts = {
    Tab: 0,
    'Shift+Tab': 0,
    Enter: 0,
    Space: 0,
    Arrow: 0,
    Escape: 0,
    Other: 0,
    typed: 0,
  };
  /** The steps after which the focus was on <body> or not where the result is, and why. */
  readonly problems: FocusProblem[] = [];
  readonly steps: StepLog[] = [];
  private keysAtLastStep = 0;
  private typedAtLastStep = 0;

  constructor(
    readonly page: Page,
    readonly journey: string,
  ) {
    void page.addInitScript(watchFocusLosses);
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        this.consoleLines.push(`${message.type()}: ${message.text().slice(0, 300)}`);
    });
    page.on('pageerror', (error) =>
      this.consoleLines.push(`page error: ${error.message.slice(0, 300)}`),
    );
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame())
        this.consoleLines.push(`navigated (document): ${frame.url()}`);
    });
  }

  private readonly consoleLines: string[] = [];

  /** Records a step that went wrong with what the page observed just before it. */
  private async record(kind: FocusProblem['kind'], step: string) {
    const seen = await this.page
      .evaluate(() => (window as unknown as { __focusLog?: string[] }).__focusLog?.slice(-14) ?? [])
      .catch(() => ['(page gone)']);
    const details = [`${step} at ${this.page.url()}`, ...seen, ...this.consoleLines.slice(-8)];
    this.problems.push({ step, kind, details: details.join('\n  ') });
  }

  /** The steps that went wrong this way. */
  stepsThat(kind: FocusProblem['kind']) {
    return this.problems.filter((p) => p.kind === kind).map((p) => p.step);
  }

  /** What the page saw before each step that went wrong this way (printed with the failure). */
  explained(kind: FocusProblem['kind']) {
    return this.problems.filter((p) => p.kind === kind).map((p) => p.details);
  }

  get keyPresses() {
    return Object.entries(this.counts)
      .filter(([key]) => key !== 'typed')
      .reduce((sum, [, n]) => sum + n, 0);
  }

  get total() {
    return this.keyPresses + this.counts.typed;
  }

  focused(): Promise<Focused> {
    return this.page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return { tag: 'BODY', name: '', type: '', inDrawer: false };
      const input = el as HTMLInputElement;
      const raw =
        el.getAttribute('aria-label') ??
        (input.labels && input.labels.length > 0 ? input.labels[0].textContent : null) ??
        el.textContent ??
        '';
      return {
        tag: el.tagName,
        name: raw
          .replace(/\s+/g, ' ')
          .replace(/\s*\*\s*$/, '')
          .trim()
          .slice(0, 120),
        type: el.getAttribute('type') ?? '',
        inDrawer: el.closest('#admin-drawer') !== null,
      };
    });
  }

  /** Presses a key (or a chord such as Shift+Tab) and counts it. */
  async press(key: string) {
    await this.page.keyboard.press(key);
    if (key === 'Tab' || key === 'Shift+Tab' || key === 'Enter' || key === 'Escape') {
      this.counts[key]++;
    } else if (key === ' ' || key === 'Space') this.counts.Space++;
    else if (key.startsWith('Arrow')) this.counts.Arrow++;
    else this.counts.Other++;
  }

  /** Types text, one key press per character. */
  async type(text: string) {
    await this.page.keyboard.type(text);
    this.counts.typed += text.length;
  }

  /**
   * Presses Tab (or Shift+Tab) until the focused element matches; every press is a step whose
   * focus is checked. Fails after `max` presses.
   */
  async tabTo(matches: (f: Focused) => boolean, label: string, { back = false, max = 60 } = {}) {
    for (let i = 0; i < max; i++) {
      await this.press(back ? 'Shift+Tab' : 'Tab');
      const now = await this.focused();
      if (now.tag === 'BODY') await this.record('lost', `${label} (Tab ${i + 1})`);
      if (matches(now)) {
        this.log(label, now);
        return now;
      }
    }
    throw new Error(`${this.journey}: "${label}" not reached with ${max} presses of Tab`);
  }

  /**
   * After an action: waits (up to `timeout`) for the focus to be where the result is, then
   * records the step. A focus on <body>, or elsewhere, is recorded, not thrown: the test lists
   * every such step at the end.
   */
  async expectFocus(
    matches: (f: Focused) => boolean,
    label: string,
    { timeout = 10_000 } = {},
  ): Promise<Focused> {
    const deadline = Date.now() + timeout;
    let now = await this.focused();
    while (!matches(now) && Date.now() < deadline) {
      await this.page.waitForTimeout(50);
      now = await this.focused();
    }
    if (now.tag === 'BODY') await this.record('lost', label);
    else if (!matches(now)) await this.record('misplaced', `${label}: on ${now.tag} "${now.name}"`);
    this.log(label, now);
    return now;
  }

  /** Records a step whose focus is only checked not to be <body>. */
  async check(label: string) {
    const now = await this.focused();
    if (now.tag === 'BODY') await this.record('lost', label);
    this.log(label, now);
  }

  private log(step: string, now: Focused) {
    this.steps.push({
      step,
      keys: this.keyPresses - this.keysAtLastStep,
      typed: this.counts.typed - this.typedAtLastStep,
      focus: `${now.tag}${now.name ? ` "${now.name}"` : ''}`,
    });
    this.keysAtLastStep = this.keyPresses;
    this.typedAtLastStep = this.counts.typed;
  }

  summary() {
    return {
      journey: this.journey,
      keyPresses: this.keyPresses,
      typedCharacters: this.counts.typed,
      total: this.total,
      ...Object.fromEntries(Object.entries(this.counts).filter(([key]) => key !== 'typed')),
      focusLosses: this.stepsThat('lost').length,
      misplacedFocus: this.stepsThat('misplaced').length,
    };
  }
}

const matchName = (name: string | RegExp, actual: string) =>
  typeof name === 'string' ? actual === name : name.test(actual);

/** Matchers of the focused element. */
export const is = {
  heading: (name: string | RegExp) => (f: Focused) => f.tag === 'H1' && matchName(name, f.name),
  field: (label: string | RegExp) => (f: Focused) =>
    ['INPUT', 'SELECT', 'TEXTAREA'].includes(f.tag) && matchName(label, f.name),
  button: (name: string | RegExp) => (f: Focused) => f.tag === 'BUTTON' && matchName(name, f.name),
  link: (name: string | RegExp) => (f: Focused) => f.tag === 'A' && matchName(name, f.name),
  radio: (label: RegExp) => (f: Focused) => f.type === 'radio' && label.test(f.name),
};

/**
 * Runs in the page (an init script): logs each blur whose element leaves the document, is hidden
 * or becomes inert, so that a lost focus says what took it (a re-render, a Suspense fallback...).
 */
function watchFocusLosses() {
  const log: string[] = [];
  (window as unknown as { __focusLog: string[] }).__focusLog = log;
  const describe = (el: Element) =>
    `${el.tagName}${el.id ? `#${el.id}` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
  document.addEventListener(
    'focusout',
    (event) => {
      const target = event.target as HTMLElement;
      const at = Math.round(performance.now());
      setTimeout(() => {
        if (document.activeElement !== document.body) return;
        const why = !target.isConnected
          ? 'removed from the document'
          : target.closest('[inert]')
            ? 'inside an inert element'
            : target.checkVisibility?.() === false
              ? 'hidden'
              : 'still there';
        log.push(`${at} ms: ${describe(target)} blurred, ${why}`);
      }, 0);
    },
    true,
  );
  // What a re-render removed: the big pieces only (a form, a page, a table), with their parent.
  new MutationObserver((mutations) => {
    for (const mutation of mutations)
      for (const node of mutation.removedNodes) {
        if (!(node instanceof Element)) continue;
        const piece = node.matches('form, main, h1, table')
          ? node
          : node.querySelector('form, main, h1, table');
        if (piece)
          log.push(
            `${Math.round(performance.now())} ms: removed ${describe(piece)} from ${describe(mutation.target as Element)}`,
          );
      }
  }).observe(document, { childList: true, subtree: true });
}
