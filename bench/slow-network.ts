/**
 * Slow-network benchmark (`npm run bench:slow`): what a visitor on a slow phone connection waits
 * for, measured on the production build in Debian's Chromium.
 *
 * The build and the server are the end-to-end suite's (test-artifacts/e2e-dist on `vite preview`
 * with the embedded backend, see tests/e2e/support/server.ts); BENCH_DIST=<folder> serves another
 * build the same way (an older one, for a before/after), BENCH_URL=<origin> measures an already
 * running site instead. Every run opens a fresh browser context (empty cache) at 360×740
 * with, through the Chrome DevTools Protocol, slow 3G (400 kbit/s down, 400 kbit/s up, 400 ms
 * round trip: Network.emulateNetworkConditions) and a CPU four times slower
 * (Emulation.setCPUThrottlingRate). Each page is opened once without throttling first, so the
 * database's first-query warm-up is not counted.
 *
 * Figures (median of BENCH_RUNS runs, 5 by default; times from the start of the navigation):
 * - `/` first contentful paint and largest contentful paint (the browser's own entries);
 * - `/night-party/` first contentful paint;
 * - "form ready": the moment a visitor's typing into the reservation form's "Nom complet" field,
 *   started as soon as the field is on the page, lands in it (the field's first `input` event,
 *   seen by a listener of the document's) AND the typed text survives: once React has
 *   taken the form over, the field still holds it and react-hook-form has it (the submission below
 *   finds the name valid). When it does not survive (React replaced the field), the text is typed
 *   again once React has the form, and that moment is the figure
 *   (docs/decisions/026-form-ready-before-scripts.md);
 * - "React has the form": the first moment React has attached the form's handlers (the input
 *   carries React's props with an onChange, the <form> an onSubmit), checked every 25 ms inside
 *   the page. Then the form is submitted with the name alone: the name must be valid and the phone
 *   invalid;
 * - "form submits": on a third page, a visitor fills the whole form as soon as its name field is
 *   on the page (name, phone and city at once, as the browser's autofill does; one choice) and
 *   presses "Réserver ma place": the earliest a reservation can leave, the moment the
 *   create_reservation request leaves (its resource entry's start), whatever code sends it
 *   (docs/decisions/051-the-reservation-before-the-app.md);
 * - "answer → on screen": from the end of that request's answer to the moment the page says where
 *   the pass went ("Votre pass vous est envoyé par …", checked every 25 ms inside the page): the
 *   answer carries no pass code, on purpose (ADR 039), so this is the pass's first sign on screen.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { ensureBuild, startPreview, type PreviewServer } from '../tests/e2e/support/server';
import { median } from './support/median.ts';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Math.min(15, Math.max(1, Number(process.env.BENCH_RUNS ?? 5) || 5));
const SLOW_3G = {
  offline: false,
  latency: 400, // ms, added to every round trip
  downloadThroughput: (400 * 1000) / 8, // bytes per second
  uploadThroughput: (400 * 1000) / 8,
};
const CPU_SLOWDOWN = 4;
const TIMEOUT_MS = 90_000;
const NAME_FIELD = 'main form input[autocomplete="name"]';
const TYPED = 'Anne Mballa';
const ANSWER_TEXT = 'Votre pass vous est envoyé par';

/**
 * Runs inside the page from its first script: records when the form's handlers are attached
 * (__benchFormReady), and when the first keystroke lands in the name field (__benchTyped).
 */
const FORM_READY_PROBE = `(() => {
  document.addEventListener('input', (event) => {
    const field = event.target;
    if (field.matches && field.matches('${NAME_FIELD}') && field.value && !window.__benchTyped)
      window.__benchTyped = performance.now();
  }, true);
  const reactProps = (el) => {
    const key = el && Object.keys(el).find((k) => k.startsWith('__reactProps$'));
    return key ? el[key] : undefined;
  };
  const timer = setInterval(() => {
    const input = document.querySelector('${NAME_FIELD}');
    const form = input && input.form;
    if (typeof reactProps(input)?.onChange !== 'function') return;
    if (typeof reactProps(form)?.onSubmit !== 'function') return;
    window.__benchFormReady = performance.now();
    clearInterval(timer);
  }, 25);
  const answer = setInterval(() => {
    if (!document.body || !document.body.textContent.includes('${ANSWER_TEXT}')) return;
    window.__benchAnswerShown = performance.now();
    clearInterval(answer);
  }, 25);
})();`;

type Sample = Record<string, number>;

async function throttledPage(browser: Browser, throttle: boolean): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    locale: 'fr-FR',
    timezoneId: 'Africa/Douala',
  });
  await context.addInitScript(FORM_READY_PROBE);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (throttle) {
    await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  }
  return page;
}

/** FCP and the latest LCP candidate, from the browser's performance entries. */
async function paints(page: Page): Promise<{ fcp: number; lcp: number }> {
  await page.waitForFunction(
    () => performance.getEntriesByName('first-contentful-paint').length > 0,
    undefined,
    { timeout: TIMEOUT_MS, polling: 100 },
  );
  return page.evaluate(
    () =>
      new Promise<{ fcp: number; lcp: number }>((resolve) => {
        const fcp = performance.getEntriesByName('first-contentful-paint')[0].startTime;
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve({ fcp, lcp: entries[entries.length - 1].startTime });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}

async function measureHome(browser: Browser, origin: string): Promise<Sample> {
  const page = await throttledPage(browser, true);
  try {
    await page.goto(`${origin}/`, { waitUntil: 'commit', timeout: TIMEOUT_MS });
    // The page's own scripts must have arrived too, so LCP is not read before the last paint.
    await page.waitForLoadState('load', { timeout: TIMEOUT_MS });
    const { fcp, lcp } = await paints(page);
    return { 'FCP /': fcp, 'LCP /': lcp };
  } finally {
    await page.context().close();
  }
}

type BenchWindow = {
  __benchFormReady?: number;
  __benchTyped?: number;
  __benchAnswerShown?: number;
};

async function measureNightParty(browser: Browser, origin: string): Promise<Sample> {
  const page = await throttledPage(browser, true);
  try {
    await page.goto(`${origin}/night-party/`, { waitUntil: 'commit', timeout: TIMEOUT_MS });
    // The visitor types as soon as the field is there.
    const field = page.locator(NAME_FIELD);
    await field.waitFor({ state: 'visible', timeout: TIMEOUT_MS });
    await field.pressSequentially(TYPED);
    const typed = await page.evaluate(() => (window as BenchWindow).__benchTyped ?? NaN);
    const submits = await page
      .waitForFunction(() => (window as BenchWindow).__benchFormReady, undefined, {
        timeout: TIMEOUT_MS,
        polling: 100,
      })
      .then((handle) => handle.jsonValue() as Promise<number>);
    let ready = typed;
    if ((await field.inputValue()) !== TYPED) {
      // Lost when React took the form over: the visitor types it again.
      await page.evaluate(() => delete (window as BenchWindow).__benchTyped);
      await field.fill('');
      await field.pressSequentially(TYPED);
      ready = await page.evaluate(() => (window as BenchWindow).__benchTyped ?? NaN);
    }
    if (!Number.isFinite(ready)) throw new Error('The typed text never landed in the field.');
    const { fcp } = await paints(page);
    await verifyFormHasTheName(page);
    return {
      'FCP /night-party/': fcp,
      'Form ready /night-party/': ready,
      'React has the form': submits,
    };
  } finally {
    await page.context().close();
  }
}

let phoneSerial = 0;

/**
 * A visitor who fills the whole form from the first paint and reserves: when the reservation
 * leaves, and how long after its answer the page says where the pass went.
 */
async function measureReservation(browser: Browser, origin: string): Promise<Sample> {
  const page = await throttledPage(browser, true);
  try {
    await page.goto(`${origin}/night-party/`, { waitUntil: 'commit', timeout: TIMEOUT_MS });
    const field = page.locator(NAME_FIELD);
    await field.waitFor({ state: 'visible', timeout: TIMEOUT_MS });
    // The browser's autofill (the fields' autocomplete names) fills them at once; the visitor
    // then makes the one choice that has no default and presses the button.
    await field.fill(TYPED);
    const phone = `69${String(process.pid % 1000).padStart(3, '0')}${String(++phoneSerial).padStart(4, '0')}`;
    await page.locator('main form input[autocomplete="tel-national"]').fill(phone);
    await page.locator('main form input[autocomplete="address-level2"]').fill('Douala');
    await page.locator('main form input[name="heardFrom"][value="social"]').check();
    await page.locator('main form button[type="submit"]').click();
    await page.waitForFunction(() => (window as BenchWindow).__benchAnswerShown, undefined, {
      timeout: TIMEOUT_MS,
      polling: 100,
    });
    return await page.evaluate(() => {
      const sent = performance
        .getEntriesByType('resource')
        .filter((e) =>
          e.name.includes('/rest/v1/rpc/create_reservation'),
        ) as PerformanceResourceTiming[];
      if (sent.length !== 1) throw new Error(`${sent.length} reservation requests, not one.`);
      return {
        'Form submits /night-party/': sent[0].startTime,
        'Answer → on screen':
          ((window as BenchWindow).__benchAnswerShown ?? NaN) - sent[0].responseEnd,
      };
    });
  } finally {
    await page.context().close();
  }
}

/**
 * The typed name reached react-hook-form and the submit runs the site's code: submitted with the
 * name alone, the form marks the phone invalid and the name valid.
 */
async function verifyFormHasTheName(page: Page) {
  if ((await page.locator(NAME_FIELD).inputValue()) !== TYPED)
    throw new Error('The typed text is not in the field.');
  await page.locator('main form button[type="submit"]').click();
  await page.waitForSelector('main form input[autocomplete="tel-national"][aria-invalid="true"]', {
    timeout: TIMEOUT_MS,
  });
  if ((await page.locator(NAME_FIELD).getAttribute('aria-invalid')) === 'true')
    throw new Error('React does not have the typed name.');
}

async function main() {
  let server: PreviewServer | undefined;
  let origin = process.env.BENCH_URL?.replace(/\/+$/, '');
  if (!origin) {
    server = await startPreview(process.env.BENCH_DIST ?? ensureBuild());
    origin = server.url;
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const samples: Sample[] = [];
  try {
    // Warm-up, unthrottled: the server's and the database's first requests are not measured.
    const warm = await throttledPage(browser, false);
    for (const path of ['/', '/night-party/']) {
      await warm.goto(`${origin}${path}`, { waitUntil: 'networkidle', timeout: TIMEOUT_MS });
    }
    await warm.context().close();

    for (let run = 1; run <= RUNS; run++) {
      const sample = {
        ...(await measureHome(browser, origin)),
        ...(await measureNightParty(browser, origin)),
        ...(await measureReservation(browser, origin)),
      };
      samples.push(sample);
      console.log(
        `run ${run}/${RUNS}: ${Object.entries(sample)
          .map(([k, v]) => `${k} ${Math.round(v)} ms`)
          .join(', ')}`,
      );
    }
  } finally {
    await browser.close();
    await server?.stop();
  }

  const names = Object.keys(samples[0]);
  console.log(
    `\nSlow 3G (400 kbit/s down and up, 400 ms RTT), CPU ×${CPU_SLOWDOWN}, 360×740, empty cache;` +
      ` ${origin}, ${RUNS} run${RUNS > 1 ? 's' : ''}\n`,
  );
  console.log(`${'Metric'.padEnd(28)}  Median (s)    Min (s)    Max (s)`);
  for (const name of names) {
    const values = samples.map((s) => s[name]);
    const s = (ms: number) => (ms / 1000).toFixed(2).padStart(9);
    console.log(
      `${name.padEnd(28)}  ${s(median(values))}  ${s(Math.min(...values))}  ${s(Math.max(...values))}`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
