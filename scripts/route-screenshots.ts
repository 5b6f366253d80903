/**
 * Every route, before and after (`npm run screenshots:compare -- [BEFORE] [AFTER]`): issue 28's
 * "the hidden behaviour of every page is the same", checked on the pixels.
 *
 * BEFORE (c07018f by default: the last commit before issue 28's restructuring) is checked out
 * beside this one (scripts/support/revision-tree.ts); AFTER is a revision too, or this working
 * tree when left out. Each is built and served as the end-to-end suite does it (its production
 * build on `vite preview` with the embedded backend and a fresh seeded in-memory database:
 * tests/e2e/support/server.ts). Every route of this checkout's manifest (the same addresses on
 * both sides; scripts/support/route-visits.ts) is shot full page at 360 × 740 and 1280 × 800 in
 * Debian's Chromium, signed in as the demo admin for the administration and as the demo door
 * account for /porte, with the browser's clock stopped at the same distance from each database's
 * seeding and animations stopped; each pair is compared pixel by pixel
 * (scripts/support/png-diff.ts).
 *
 * Writes test-artifacts/route-screenshots/<route>-<width>-{before,after,diff}.png, table.md and
 * results.json, and prints the table. Exits 1 when a page could not be shot as expected.
 *
 * Environment: ROUTE_SCREENSHOTS_TMP, where the other revision is checked out (the system's
 * temporary folder by default); ROUTE_SCREENSHOTS_KEEP=1 keeps that checkout (and its build) for
 * the next run; ROUTE_SCREENSHOTS_PORT, the first of three ports: the address both sides are
 * seen at, then the two servers' (free ones by default); CHROMIUM_PATH.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium, VIEWPORTS, type ViewportName } from '../tests/e2e/support/chromium';
import {
  ensureBuild,
  freePort,
  ROOT,
  startPreview,
  type PreviewServer,
} from '../tests/e2e/support/server';
import { comparePngs, type PngComparison } from './support/png-diff';
import { checkoutRevision, commitOf, removeRevision } from './support/revision-tree';
import {
  openSessions,
  routeVisits,
  seededAt,
  shoot,
  type SideSessions,
} from './support/route-visits';

const BEFORE = process.argv[2] ?? 'c07018f';
const AFTER: string | undefined = process.argv[3];
const TREES = process.env.ROUTE_SCREENSHOTS_TMP ?? join(tmpdir(), 'booster-route-screenshots');
const KEEP = process.env.ROUTE_SCREENSHOTS_KEEP === '1';
const FIRST_PORT = Number(process.env.ROUTE_SCREENSHOTS_PORT) || undefined;
const OUT = join(ROOT, 'test-artifacts', 'route-screenshots');

type Side = {
  label: 'before' | 'after';
  /** The revision asked for, and what it is. */
  revision: string;
  commit: string;
  root: string;
  /** Checked out for this run (removed afterwards), or this working tree. */
  checkout?: string;
};

type Row = PngComparison & {
  route: string;
  name: string;
  width: number;
  problems: string[];
};

const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
const log = (line: string) => console.log(`[${elapsed()}] ${line}`);

function prepare(label: Side['label'], revision: string | undefined): Side {
  if (revision === undefined) {
    const commit = commitOf(ROOT, 'HEAD');
    return { label, revision: 'working tree', commit: `${commit.slice(0, 7)}+`, root: ROOT };
  }
  const checkout = join(TREES, label);
  const commit = checkoutRevision(ROOT, revision, checkout, log);
  return { label, revision, commit: commit.slice(0, 7), root: checkout, checkout };
}

const verdict = (row: Row) => {
  if (row.problems.length) return `NOT SHOT AS EXPECTED: ${row.problems.join('; ')}`;
  if (row.differing === 0) return 'same';
  const { before: b, after: a } = row;
  const size = b.height !== a.height || b.width !== a.width;
  return `differs${size ? ` (${b.width}×${b.height} → ${a.width}×${a.height})` : ''}`;
};

function table(rows: Row[]): string {
  const lines = rows.map((r) => [
    `\`${r.route}\``,
    String(r.width),
    r.percent === 0 ? '0' : r.percent < 0.001 ? '< 0.001' : r.percent.toFixed(3),
    verdict(r),
  ]);
  const head = ['Route', 'Width', 'Differing pixels %', 'Verdict'];
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...lines.map(line)].join('\n');
}

async function shootAll(
  browser: Browser,
  origin: string,
  sides: Side[],
  servers: PreviewServer[],
  frozenAt: number[],
): Promise<Row[]> {
  const rows: Row[] = [];
  const visits = routeVisits();
  for (const viewport of ['phone', 'desktop'] as ViewportName[]) {
    const { width } = VIEWPORTS[viewport];
    const sessions: SideSessions[] = [];
    try {
      for (const [i, server] of servers.entries())
        sessions.push(
          await openSessions(browser, { origin, server: server.url }, viewport, frozenAt[i]),
        );
      for (const visit of visits) {
        const file = (suffix: string) => join(OUT, `${visit.name}-${width}-${suffix}.png`);
        // Both sides at once: each has its own server and database.
        const found = await Promise.all(
          sides.map((side, i) => shoot(sessions[i].pages[visit.who], visit.url, file(side.label))),
        );
        const problems = found.flatMap((list, i) => list.map((p) => `${sides[i].label}: ${p}`));
        const comparison = comparePngs(file('before'), file('after'), file('diff'));
        const row = { ...comparison, route: visit.route, name: visit.name, width, problems };
        rows.push(row);
        log(`${visit.url} at ${width}: ${verdict(row)} (${comparison.percent.toFixed(3)} %)`);
      }
    } finally {
      await Promise.all(sessions.map((s) => s.close()));
    }
  }
  return rows;
}

async function main(): Promise<number> {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  mkdirSync(TREES, { recursive: true });
  const sides = [prepare('before', BEFORE), prepare('after', AFTER)];
  const servers: PreviewServer[] = [];
  let browser: Browser | undefined;
  try {
    const outDirs = sides.map((side) => {
      log(`${side.label} (${side.revision}, ${side.commit}): build`);
      return ensureBuild(log, side.root);
    });
    servers.push(
      ...(await Promise.all(
        sides.map((side, i) =>
          startPreview(outDirs[i], {
            root: side.root,
            port: FIRST_PORT && FIRST_PORT + 1 + i,
          }),
        ),
      )),
    );
    for (const [i, server] of servers.entries()) {
      if (!server.backend)
        throw new Error(`${sides[i].label}: no embedded backend on ${server.url}`);
      log(`${sides[i].label} served on ${server.url}`);
    }
    // The same distance from each seeding: the after side's clock reads the time now.
    const seeded = await Promise.all(servers.map((s) => seededAt(s.url)));
    const offset = Date.now() - seeded[1];
    if (new Set(seeded.map((at) => Math.floor(at / 60_000))).size > 1)
      log('the two seedings straddle a minute: seeded times shown to the minute may differ');
    // Both sides are seen at one address, on which nothing listens (requests are rewritten).
    const origin = `http://127.0.0.1:${FIRST_PORT ?? (await freePort())}`;
    browser = await launchChromium();
    const rows = await shootAll(
      browser,
      origin,
      sides,
      servers,
      seeded.map((at) => at + offset),
    );
    const summary = table(rows);
    const title = sides.map((s) => `${s.label}: ${s.revision} (${s.commit})`).join(', ');
    writeFileSync(join(OUT, 'table.md'), `${title}\n\n${summary}\n`);
    writeFileSync(join(OUT, 'results.json'), `${JSON.stringify({ sides, rows }, null, 2)}\n`);
    console.log(`\n${title}\n\n${summary}\n`);
    const differing = rows.filter((r) => r.differing > 0).length;
    log(`${rows.length} pairs, ${differing} differ; images in test-artifacts/route-screenshots/`);
    return rows.some((r) => r.problems.length) ? 1 : 0;
  } finally {
    await browser?.close();
    await Promise.all(servers.map((s) => s.stop()));
    for (const side of sides) if (side.checkout && !KEEP) removeRevision(ROOT, side.checkout);
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
