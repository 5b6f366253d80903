/**
 * A certificate of participation end to end (issue 41, item 5;
 * docs/decisions/057-participation-certificates-and-their-link.md), on the run's shared
 * database: a dancer registered by this file and convoked; the admin downloads the PDF from the
 * participant's page and queues its link (360 and 1280 px); the link's /resultats?code=… checks
 * the code on arrival (360 and 1280 px). Screenshots and axe at each step.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  backendAvailable,
  baseUrl,
  launchChromium,
  openSession,
  type ViewportName,
} from './support/browser';
import { accessToken, ADMIN, rpc } from './support/jury';
import { check, signIn } from './support/workspace';
import { solveProofOfWork } from '../setup/proof-of-work';

const NAME = 'Ruth Essomba';
const PHONE = '699773001';

describe('a certificate of participation', () => {
  let browser: Browser;
  let id = '';
  let code = '';

  beforeAll(async () => {
    if (!backendAvailable()) return;
    browser = await launchChromium();
    id = crypto.randomUUID();
    await rpc('register_participant', {
      payload: {
        id,
        full_name: NAME,
        email: `${PHONE}@example.cm`,
        phone: PHONE,
        city: 'Douala',
        region: 'Littoral',
        category: 'dance',
        participation_type: 'solo',
        agree_to_terms: true,
        team_members: [],
        website: '',
        pow: await solveProofOfWork(baseUrl()),
      },
    });
    await rpc('admin_set_status', { ids: [id], status: 'convoque' }, await accessToken(ADMIN));
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const viewport of ['phone', 'desktop'] as ViewportName[])
    it(`downloads from the participant’s page and queues its link (${viewport})`, async (ctx) => {
      if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
      const { page, context } = await openSession(browser, viewport);
      await signIn(page);
      await page.goto(`/admin/participants/${id}`);
      await page.getByRole('heading', { level: 1, name: NAME }).waitFor();
      const button = page.getByRole('button', { name: 'Attestation de participation' });
      await button.scrollIntoViewIfNeeded();
      const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
      expect(download.suggestedFilename()).toMatch(
        /^attestation-participation-danse-\d{4}-ruth-essomba\.pdf$/,
      );
      const file = readFileSync((await download.path()) ?? '');
      expect(file.subarray(0, 5).toString()).toBe('%PDF-');
      const status = page.getByText(/^Attestation téléchargée/);
      await status.waitFor();
      const shown = /[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}/.exec((await status.textContent()) ?? '');
      // The same participant, the same code, whichever the screen.
      if (code) expect(shown?.[0]).toBe(code);
      code = shown?.[0] ?? '';
      expect(code).not.toBe('');
      await page.getByRole('button', { name: `Envoyer le lien du certificat à ${NAME}` }).click();
      await page
        .getByText(
          viewport === 'phone'
            ? `Lien du certificat mis en file d’envoi pour ${NAME}`
            : `Le lien du certificat de ${NAME} est déjà en file d’envoi ou envoyé`,
        )
        .first()
        .waitFor();
      await check(page, viewport, 'participant-certificate');
      await context.close();
    });

  for (const viewport of ['phone', 'desktop'] as ViewportName[])
    it(`checks the linked code on /resultats (${viewport})`, async (ctx) => {
      if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
      expect(code).not.toBe('');
      const { page, context } = await openSession(browser, viewport);
      await page.goto(`/resultats/?code=${code}`);
      const box = page.getByRole('region', { name: 'Vérifier un certificat' });
      await expect
        .poll(() => box.getByRole('status').textContent())
        .toMatch(
          /^Attestation de participation authentique\u00a0: Ruth Essomba, Danse, Booster Challenge \d{4}, délivrée le /,
        );
      await expect(box.getByLabel(/^Code de vérification/).inputValue()).resolves.toBe(code);
      await box.scrollIntoViewIfNeeded();
      await check(page, viewport, 'resultats-participation-verified');
      await context.close();
    });
});
