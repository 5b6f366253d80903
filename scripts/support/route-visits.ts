/**
 * Every route of the manifest (src/config/route-manifest.ts) as a page to visit, and the browser
 * sessions that visit them: a visitor, the demo admin (the administration's pages) and the demo
 * door account (the door), each in its own context with the clock stopped at a given instant.
 */
import { writeFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ROUTES } from '../../src/config/route-manifest';
import { participantPath, passPath } from '../../src/config/route-paths';
import { LOCAL_ANON_KEY } from '../../src/config/local-backend';
import { DEMO_ADMIN } from '../../supabase/local/constants';
import { VIEWPORTS, type ViewportName } from '../../tests/e2e/support/chromium';

/** supabase/seed.sql: the door account, a confirmed pass, a participant with a full pipeline. */
const DEMO_DOOR = { email: 'porte@booster-challenge.local', password: 'BoosterPorte2025' };
const SEEDED_PASS = 'FETE234567';
const SEEDED_PARTICIPANT = '1b138bd4-0000-4000-8000-000000000012';

type Who = 'visitor' | 'admin' | 'door';
type Visit = { name: string; route: string; url: string; who: Who };

/** The address of a route's path: the parameters filled with seeded values, a trailing slash. */
function address(path: string): string {
  const filled = path.includes(':code')
    ? passPath(SEEDED_PASS)
    : path.includes(':id')
      ? participantPath(SEEDED_PARTICIPANT)
      : path;
  return filled === '/' ? filled : `${filled}/`;
}

/** Every route once, plus an unknown address (the error page); the sign-in pages signed out. */
export function routeVisits(): Visit[] {
  const visits: Visit[] = Object.entries(ROUTES).map(([name, route]) => ({
    name,
    route: route.path,
    url: address(route.path),
    who: name === 'door' ? 'door' : route.layout === 'admin' ? 'admin' : 'visitor',
  }));
  visits.push({ name: 'unknown', route: '(unknown path)', url: '/page-inconnue/', who: 'visitor' });
  return visits;
}

/**
 * When the database was seeded: the demo admin's creation (supabase/seed.sql writes now()), read
 * from the sign-in answer. The seed dates everything from it ("3 days ago"), so a clock stopped
 * at the same distance from it on both sides makes "il y a 3 min" agree.
 */
export async function seededAt(origin: string): Promise<number> {
  const res = await fetch(`${origin}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_ADMIN),
  });
  const body = (await res.json()) as { user?: { created_at?: string } };
  const at = Date.parse(body.user?.created_at ?? '');
  if (!res.ok || Number.isNaN(at)) throw new Error(`${origin}: no seeded admin (${res.status})`);
  return at;
}

/**
 * A context at `viewport` whose clock reads `frozenAt`. The page sees `origin` (the same on both
 * sides: the pass's QR code and the error page show the address) while its requests reach
 * `server`; requests leaving the site (EmailJS, messaging apps) get an empty answer instead.
 */
async function newContext(
  browser: Browser,
  { origin, server }: Served,
  viewport: ViewportName,
  frozenAt: number,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: origin,
    viewport: VIEWPORTS[viewport],
    isMobile: viewport === 'phone',
    hasTouch: viewport === 'phone',
    locale: 'fr-FR',
    timezoneId: 'Africa/Douala',
  });
  context.setDefaultTimeout(20_000);
  // Date.now() and new Date() return this instant; timers still run (the data layer's retries).
  await context.clock.setFixedTime(frozenAt);
  await context.route(
    (url) => url.protocol.startsWith('http'),
    (route) => {
      const url = new URL(route.request().url());
      if (url.origin !== origin)
        return route.fulfill({ status: 200, contentType: 'text/html', body: '' });
      return route.continue({ url: `${server}${url.pathname}${url.search}` });
    },
  );
  return context;
}

async function signIn(page: Page, path: string, who: { email: string; password: string }) {
  await page.goto(path);
  await page.getByLabel(/^E-?mail/).fill(who.email);
  await page.getByLabel(/^Mot de passe/).fill(who.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/** The address the pages see, and the server that answers (both origins, no slash). */
type Served = { origin: string; server: string };
export type SideSessions = { pages: Record<Who, Page>; close: () => Promise<void> };

/** A visitor, the demo admin and the door account, signed in, clocks stopped. */
export async function openSessions(
  browser: Browser,
  served: Served,
  viewport: ViewportName,
  frozenAt: number,
): Promise<SideSessions> {
  const contexts = await Promise.all(
    [0, 1, 2].map(() => newContext(browser, served, viewport, frozenAt)),
  );
  const [visitor, admin, door] = await Promise.all(contexts.map((c) => c.newPage()));
  await signIn(admin, '/admin/login/', DEMO_ADMIN);
  await admin.waitForURL((url) => /^\/admin\/?$/.test(url.pathname));
  await signIn(door, '/porte/', DEMO_DOOR);
  await door.getByRole('button', { name: 'Déconnexion' }).waitFor();
  return {
    pages: { visitor, admin, door },
    close: async () => {
      await Promise.all(contexts.map((c) => c.close()));
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until none of the page's requests has been pending for half a second. Playwright's
 * networkidle fires once per load: the parts hydrated when the browser is idle (the home page's
 * content) fetch after it, and a screenshot then missed the Night Party band's data.
 */
function requestTracker(page: Page) {
  let pending = 0;
  let last = Date.now();
  const start = () => pending++;
  const end = () => {
    pending--;
    last = Date.now();
  };
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  return {
    quiet: async () => {
      const deadline = Date.now() + 15_000;
      while ((pending > 0 || Date.now() - last < 500) && Date.now() < deadline) await sleep(50);
    },
    stop: () => {
      page.off('request', start);
      page.off('requestfinished', end);
      page.off('requestfailed', end);
    },
  };
}

/**
 * Loads the page afresh and waits until it is still: its <h1>, every image (lazy ones too)
 * decoded, the fonts loaded, the browser idle, no request pending, and two full-page screenshots
 * in a row alike (animations stopped, caret hidden). Returns what went wrong on the page, if
 * anything (no heading, an uncaught error, never still).
 */
export async function shoot(page: Page, url: string, file: string): Promise<string[]> {
  const problems: string[] = [];
  const onError = (e: Error) => problems.push(`error: ${e.message}`);
  page.on('pageerror', onError);
  const requests = requestTracker(page);
  try {
    await page.goto(url);
    await page
      .locator('h1')
      .first()
      .waitFor()
      .catch(() => problems.push('no <h1>'));
    await page.mouse.move(0, 0);
    const still = async () => {
      await page.evaluate(async () => {
        for (const img of document.images) img.loading = 'eager';
        await Promise.all([...document.images].map((img) => img.decode().catch(() => undefined)));
        await document.fonts.ready;
        await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 }));
      });
      await requests.quiet();
      return page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
    };
    let shot = await still();
    for (let tries = 0; ; tries++) {
      const next = await still();
      if (next.equals(shot)) break;
      shot = next;
      if (tries === 4) {
        problems.push('still changing after 6 screenshots');
        break;
      }
    }
    writeFileSync(file, shot);
  } finally {
    requests.stop();
    page.off('pageerror', onError);
  }
  return problems;
}
