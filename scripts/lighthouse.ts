/**
 * Lighthouse budget (`npm run lighthouse`): the production build on `vite preview` with the
 * embedded backend (fresh in-memory database), Lighthouse 12's mobile preset (its default: phone
 * emulation, simulated slow 4G and 4x CPU slowdown) in Debian's Chromium, for every public page
 * (the prerendered ones: scripts/prerender.ts).
 *
 * Prints the four category scores and LCP, TBT and CLS per page, with the host's speed as
 * Lighthouse measured it (its benchmark index), and exits 1 when accessibility, best practices or
 * SEO is below 100, performance below 80 or the largest contentful paint above 2.5 s (simulated).
 *
 * Why performance is only a floor here: simulated throttling multiplies the CPU time the page
 * took on this host by 4, and this shared 2-core host's speed moves under it. Its benchmark index
 * went from 1072 to 1868 within seven minutes of one CI run, and the same build's /inscription/
 * measured medians of 97, 93 and 85 in one afternoon. A gate at 95 failed CI on that noise; the
 * floor catches a real regression (a blocking script, a heavy chunk in a first load), and the
 * byte budgets (scripts/bundle-budget.ts), which do not depend on the host, guard the rest. The
 * kept run's full report goes to test-artifacts/lighthouse/<page>.json.
 *
 * Each page is audited LIGHTHOUSE_RUNS times (3 by default) and the run with the median
 * performance score is the one shown and judged, as Lighthouse's own guidance on variability
 * recommends: one run's performance moves with whatever else the machine is doing.
 *
 * Options: LIGHTHOUSE_URL=<origin> to audit an already running site instead (no build, no server);
 * CHROMIUM_PATH to use another Chromium; LIGHTHOUSE_RUNS (1 to 9); LIGHTHOUSE_PAGES=/,/faq/ for
 * some pages only.
 */
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuild, ROOT, startPreview, type PreviewServer } from '../tests/e2e/support/server';
import { prerenderedPaths, routeSources } from './prerender.ts';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Math.min(9, Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3) || 3));
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Every prerendered page, at its address with the trailing slash (/faq/); or LIGHTHOUSE_PAGES. */
const PAGES =
  process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean) ??
  prerenderedPaths(routeSources(ROOT)).map((p) => (p === '/' ? p : `${p}/`));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const MINIMUM: Record<(typeof CATEGORIES)[number], number> = {
  performance: 80,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};
/** Largest contentful paint, simulated (ms). */
const MAX_LCP_MS = 2500;

type Row = {
  page: string;
  /** The full report, written to test-artifacts/lighthouse/ for the run that is kept. */
  report: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcp: number;
  tbt: number;
  /** The host's speed during the run (Lighthouse's benchmark index: higher is faster). */
  host: number;
  cls: number;
  failed: string[];
  /** Every run's performance score, in the order they ran (the kept one is the median). */
  runs?: number[];
};

async function audit(origin: string, chrome: LaunchedChrome, page: string): Promise<Row> {
  const result = await lighthouse(`${origin}${page}`, {
    port: chrome.port,
    logLevel: 'error',
    output: 'json',
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
  const { lhr } = result;
  if (lhr.runtimeError)
    throw new Error(`${page}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);

  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  ) as Row['scores'];
  const failed: string[] = [];
  for (const category of CATEGORIES) {
    if (scores[category] >= MINIMUM[category]) continue;
    const losing = lhr.categories[category].auditRefs
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${ref.id} (${lhr.audits[ref.id].displayValue ?? lhr.audits[ref.id].score})`);
    failed.push(
      `${category} ${scores[category]} < ${MINIMUM[category]}: ${losing.join(', ') || 'see report'}`,
    );
  }
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const lcp = metric('largest-contentful-paint');
  if (!(lcp <= MAX_LCP_MS))
    failed.push(`largest contentful paint ${(lcp / 1000).toFixed(2)} s > ${MAX_LCP_MS / 1000} s`);
  return {
    page,
    report: JSON.stringify(lhr, null, 1),
    scores,
    lcp,
    tbt: metric('total-blocking-time'),
    host: Math.round(lhr.environment.benchmarkIndex),
    cls: metric('cumulative-layout-shift'),
    failed,
  };
}

async function main() {
  let server: PreviewServer | undefined;
  let origin = process.env.LIGHTHOUSE_URL;
  if (!origin) {
    server = await startPreview(ensureBuild());
    origin = server.url;
  }
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: 'error',
  });
  const rows: Row[] = [];
  try {
    for (const page of PAGES) {
      const runs: Row[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(origin, chrome, page));
      const inOrder = runs.map((r) => r.scores.performance);
      runs.sort((a, b) => a.scores.performance - b.scores.performance);
      const kept = { ...runs[Math.floor(runs.length / 2)], runs: inOrder };
      const outDir = join(ROOT, 'test-artifacts', 'lighthouse');
      mkdirSync(outDir, { recursive: true });
      const name = page === '/' ? 'home' : page.replaceAll('/', '');
      writeFileSync(join(outDir, `${name}.json`), kept.report);
      rows.push(kept);
    }
  } finally {
    chrome.kill();
    await server?.stop();
  }

  const pad = (v: string | number, n: number) => String(v).padStart(n);
  console.log(
    `\nLighthouse 12, mobile preset (simulated throttling), median of ${RUNS} run${RUNS > 1 ? 's' : ''} per page\n`,
  );
  console.log(
    `${'Page'.padEnd(22)}  Perf  A11y    BP   SEO    LCP (s)  TBT (ms)     CLS  Host  Perf of each run`,
  );
  for (const r of rows) {
    console.log(
      `${r.page.padEnd(22)}${pad(r.scores.performance, 6)}${pad(r.scores.accessibility, 6)}${pad(r.scores['best-practices'], 6)}${pad(r.scores.seo, 6)}${pad((r.lcp / 1000).toFixed(2), 11)}${pad(Math.round(r.tbt), 10)}${pad(r.cls.toFixed(3), 8)}${pad(r.host, 6)}  ${r.runs?.join(' ') ?? ''}`,
    );
  }
  const failures = rows.flatMap((r) => r.failed.map((f) => `${r.page}: ${f}`));
  if (failures.length) {
    console.error(`\nLighthouse budget failed:\n- ${failures.join('\n- ')}`);
    process.exit(1);
  }
  console.log(
    `\nLighthouse budget: ok (accessibility, best practices, SEO 100; performance >= ${MINIMUM.performance}; LCP <= ${MAX_LCP_MS / 1000} s on every page)`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
