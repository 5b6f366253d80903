/** A screenshot of the reflow and toast tests: test-artifacts/screenshots/reflow-<name>.png. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { SCREENSHOT_DIR } from './browser';

export async function shoot(page: Page, name: string, scrollTo?: string) {
  if (scrollTo)
    await page
      .locator(scrollTo)
      .first()
      .evaluate((el) => el.scrollIntoView());
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `reflow-${name}.png`) });
}
