/**
 * Slow-network benchmark (`npm run bench:slow`): what a visitor on a slow phone connection waits
 * for, measured on the production build in Debian's Chromium.
 *
 * The build and the server are the end-to-end suite's (test-artifacts/e2e-dist on `vite preview`
 * with the embedded backend, see tests/e2e/support/server.ts); BENCH_URL=<origin> measures an
 * already running site instead. Every run opens a fresh browser context (empty cache) at 360×740
 * with, through the Chrome DevTools Protocol, slow 3G (400 kbit/s down, 400 kbit/s up, 400 ms
 * round trip: Network.emulateNetworkConditions) and a CPU four times slower
 * (Emulation.setCPUThrottlingRate). Each page is opened once without throttling first, so the
 * database's first-query warm-up is not counted.
 *
 * Figures (median of BENCH_RUNS runs, 5 by default; times from the start of the navigation):
 * - `/` first contentful paint and largest contentful paint (the browser's own entries);
 * - `/night-party/` first contentful paint, and "form ready": the first moment the reservation
 *   form's "Nom complet" field is on the page AND React has attached the form's handlers (the
 *   input carries React's props with an onChange, the <form> an onSubmit), so what is typed reaches
 *   react-hook-form and a submission runs the site's code instead of reloading the page. Checked
 *   every 25 ms inside the page. After each run the definition is verified: the text typed into
 *   the field is there, and submitting the form empty shows the field's inline error.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { ensureBuild, startPreview, type PreviewServer } from '../tests/e2e/support/server';
import { median } from './median.ts';

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

/** Runs inside the page from its first script: records when the form's handlers are attached. */
const FORM_READY_PROBE = `(() => {
  const reactProps = (el) => {
    const key = el && Object.keys(el).find((k) => k.startsWith('__reactProps$'));
    return key ? el[key] : undefined;
  };
  const timer = setInterval(() => {
    const input = document.querySelector('main form input[autocomplete="name"]');
    const form = input && input.form;
    if (typeof reactProps(input)?.onChange !== 'function') return;
    if (typeof reactProps(form)?.onSubmit !== 'function') return;
    window.__benchFormReady = performance.now();
    clearInterval(timer);
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

async function measureNightParty(browser: Browser, origin: string): Promise<Sample> {
  const page = await throttledPage(browser, true);
  try {
    await page.goto(`${origin}/night-party/`, { waitUntil: 'commit', timeout: TIMEOUT_MS });
    const ready = await page
      .waitForFunction(
        () => (window as { __benchFormReady?: number }).__benchFormReady,
        undefined,
        {
          timeout: TIMEOUT_MS,
          polling: 100,
        },
      )
      .then((handle) => handle.jsonValue() as Promise<number>);
    const { fcp } = await paints(page);
    await verifyFormWorks(page);
    return { 'FCP /night-party/': fcp, 'Form ready /night-party/': ready };
  } finally {
    await page.context().close();
  }
}

/** The definition of "form ready" holds: typing lands in the field and the submit runs our code. */
async function verifyFormWorks(page: Page) {
  const field = page.locator('main form input[autocomplete="name"]');
  await field.fill('A');
  if ((await field.inputValue()) !== 'A') throw new Error('The typed text is not in the field.');
  await field.fill('');
  await page.locator('main form button[type="submit"]').click();
  await page.waitForSelector('main form input[autocomplete="name"][aria-invalid="true"]', {
    timeout: TIMEOUT_MS,
  });
}

async function main() {
  let server: PreviewServer | undefined;
  let origin = process.env.BENCH_URL?.replace(/\/+$/, '');
  if (!origin) {
    server = await startPreview(ensureBuild());
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
