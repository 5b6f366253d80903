/** The end-to-end suite's browser sessions and page helpers, on ./chromium.ts. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { VIEWPORTS, type ViewportName } from './chromium';
import { ROOT } from './server';

export {
  CHROMIUM_FLAGS,
  CHROMIUM_PATH,
  launchChromium,
  VIEWPORTS,
  type ViewportName,
} from './chromium';

export const SCREENSHOT_DIR = join(ROOT, 'test-artifacts', 'screenshots');
export const DOWNLOAD_DIR = join(ROOT, 'test-artifacts', 'downloads');

export const baseUrl = () => inject('e2eBaseUrl');
export const backendAvailable = () => inject('e2eBackend');

export type Session = {
  context: BrowserContext;
  page: Page;
  /** Uncaught exceptions in the page (a journey fails if any). */
  pageErrors: string[];
  /** Messaging-app and other external addresses the page tried to open (answered locally). */
  externalRequests: string[];
};

/**
 * A fresh browser context (no storage) at the given size, French locale. Requests that leave the
 * site (WhatsApp share links, EmailJS...) never reach the network: they are recorded and answered
 * with an empty page.
 */
export async function openSession(browser: Browser, viewport: ViewportName): Promise<Session> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: VIEWPORTS[viewport],
    isMobile: viewport === 'phone',
    hasTouch: viewport === 'phone',
    locale: 'fr-FR',
    timezoneId: 'Africa/Douala',
    acceptDownloads: true,
  });
  context.setDefaultTimeout(15_000);
  const externalRequests: string[] = [];
  const origin = new URL(baseUrl()).origin;
  await context.route(
    (url) => url.origin !== origin && url.protocol.startsWith('http'),
    (route) => {
      externalRequests.push(route.request().url());
      return route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><title>externe</title>',
      });
    },
  );
  const page = await context.newPage();
  const pageErrors: string[] = [];
  context.on('weberror', (e) => pageErrors.push(e.error().message));
  return { context, page, pageErrors, externalRequests };
}

/** Full-page screenshot to test-artifacts/screenshots/<viewport>-<name>.png. */
export async function screenshot(page: Page, viewport: ViewportName, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${viewport}-${name}.png`), fullPage: true });
}

/** Waits until the page has its <h1> and no pending lazy chunk or data request. */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.locator('h1').first().waitFor();
}
