/** Debian's Chromium driven by playwright-core (never a downloaded browser), plus page helpers. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { ROOT } from './server';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 360, height: 740 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export const SCREENSHOT_DIR = join(ROOT, 'test-artifacts', 'screenshots');
export const DOWNLOAD_DIR = join(ROOT, 'test-artifacts', 'downloads');

export const baseUrl = () => inject('e2eBaseUrl');
export const backendAvailable = () => inject('e2eBackend');

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
}

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
