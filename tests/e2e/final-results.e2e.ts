/**
 * The final's last mile end to end (issue 41, items 2, 4 and 5;
 * docs/decisions/049-results-and-certificates.md), on the run's shared database, with the dance
 * final only (tests/e2e/final-rules-form.e2e.ts looks at the singing one):
 * 1. a dance final two days ahead with the seed's judges; three dancers of this file made
 *    finalists; judge 1 declares a conflict with one of them on /jury (360 px), then sees the
 *    recused performer and the locked cards' panel (1280 px);
 * 2. judge 2 scores every performer on /jury on a phone (360 px) with the network cut: the cards
 *    wait on the device, through a reload, and each is stored once when the network returns;
 *    judge 1 scores through the database's function, as the phone does; the session is locked;
 * 3. the admin publishes the rules, then the results, from the final view (1280 px), and
 *    downloads the winner's certificate and queues every finalist's link (1280 and 360 px);
 * 4. /resultats shows the winners and the breakdown at 360 and 1280 px, and the certificate's
 *    code verifies there. Screenshots and axe at each step.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  backendAvailable,
  launchChromium,
  openSession,
  type ViewportName,
} from './support/browser';
import {
  accessToken,
  ADMIN,
  controlledByWorker,
  currentPerformer,
  JUDGE_1,
  JUDGE_2,
  next,
  rows,
  rpc,
  scoreWithButtons,
  signInJury,
} from './support/jury';
import { expectEnd } from './support/jury-card';
import { check, signIn } from './support/workspace';
import { openFinal, registerDancer, scoreAll, type JurySession } from './support/final';

const DANCERS = [
  ['Nadia Fotso', '699772001'],
  ['Olivier Mbarga', '699772002'],
  ['Prisca Abanda', '699772003'],
] as const;
// Each judge's mark on every criterion (5 for the seed's finalists): Nadia first, then Prisca.
const MARKS: Record<string, number> = { 'Nadia Fotso': 9, 'Olivier Mbarga': 7, 'Prisca Abanda': 8 };
const mark = (name: string) => MARKS[name] ?? 5;
describe('the final’s results and certificates', () => {
  let browser: Browser;
  let sessionId = '';
  let judge2Id = '';
  let code = '';

  beforeAll(async () => {
    if (!backendAvailable()) return;
    browser = await launchChromium();
    const admin = await accessToken(ADMIN);
    const ids: string[] = [];
    for (const [name, phone] of DANCERS) ids.push(await registerDancer(name, phone));
    await rpc('admin_set_status', { ids, status: 'finaliste' }, admin);
    const judges = await rpc<{ user_id: string; email: string }[]>('jury_accounts', {}, admin);
    const judgeId = (email: string) => judges.find((j) => j.email === email)?.user_id;
    judge2Id = judgeId(JUDGE_2[0]) ?? '';
    const heldOn = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const saved = await rpc<{ id: string }>(
      'admin_save_audition_session',
      {
        payload: {
          city: 'Yaoundé',
          held_on: heldOn,
          category: 'dance',
          venue: 'Palais polyvalent des sports',
          judges: [judgeId(JUDGE_1[0]), judgeId(JUDGE_2[0])],
          lead: judgeId(JUDGE_1[0]),
          kind: 'final',
        },
      },
      admin,
    );
    sessionId = saved.id;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lets judge 1 declare a conflict before scoring (360 px), then shows the recused performer and the unlock panel (1280 px)', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    const phone = await openSession(browser, 'phone');
    await signInJury(phone.page, JUDGE_1);
    await openFinal(phone.page);
    const first = (await phone.page.locator('#jury-current-title').textContent()) ?? '';
    await phone.page.getByRole('button', { name: 'Déclarer un conflit d’intérêts…' }).click();
    await phone.page.getByLabel(/^Raison/).fill('Membre de ma famille');
    await check(phone.page, 'phone', 'jury-final-conflict');
    await phone.page.getByRole('button', { name: 'Je déclare un conflit d’intérêts' }).click();
    await phone.page
      .getByText(/^Vous avez déclaré un conflit d’intérêts avec ce candidat/)
      .waitFor();
    await check(phone.page, 'phone', 'jury-final-recused');
    await phone.context.close();
    expect(first).not.toBe('');

    const desktop = await openSession(browser, 'desktop');
    await signInJury(desktop.page, JUDGE_1);
    await openFinal(desktop.page);
    await desktop.page.getByRole('region', { name: 'Fiches verrouillées' }).waitFor();
    await check(desktop.page, 'desktop', 'jury-final-lead');
    await desktop.context.close();
  });

  it('lets judge 2 score the final on a phone with the network cut, each card stored once when it returns (360 px)', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    const admin = await accessToken(ADMIN);
    const { performers } = await rpc<JurySession>(
      'jury_session',
      { session_id: sessionId },
      await accessToken(JUDGE_2),
    );
    const names = performers.map((p) => p.name);
    const n = names.length;
    // Judge 2's cards of this final, as the journal and the table hold them.
    const journal = async () =>
      (
        await rows<{ entity_id: string; after: { session_id: string } }>(
          `audit_log?action=eq.jury.score&actor_email=eq.${JUDGE_2[0]}&select=entity_id,after`,
          admin,
        )
      ).filter((r) => r.after.session_id === sessionId);
    const judge2 = await openSession(browser, 'phone');
    const { page, context } = judge2;
    await signInJury(page, JUDGE_2);
    await openFinal(page);
    await page.getByText(`Candidat 1 sur ${n}`).waitFor();
    await controlledByWorker(page);
    await context.setOffline(true);
    // The page sees the cut before the first card (jury-scorecards.e2e.ts says why).
    await page.waitForFunction(() => !navigator.onLine);
    await page.getByText(/^Hors ligne/).waitFor();
    for (const [i, name] of names.entries()) {
      expect(await currentPerformer(page)).toBe(name);
      await scoreWithButtons(page, mark(name));
      if (i === 0) await check(page, 'phone', 'jury-final-offline');
      await next(page, names[i + 1] ?? null);
    }
    await page.getByText(`${n} notes en attente d’envoi`).waitFor();
    await expectEnd(page, `En attente d’envoi (${n})`);
    await check(page, 'phone', 'jury-final-end-offline');
    // Reloaded with no network: the final opens from the device, its cards still waiting.
    await page.reload();
    await openFinal(page);
    await page.getByText(`${n} notes en attente d’envoi`).waitFor();
    expect(await journal()).toHaveLength(0);

    await context.setOffline(false);
    await page.getByText('Toutes vos notes sont envoyées.').waitFor({ timeout: 30_000 });
    await check(page, 'phone', 'jury-final-sent');
    // Every card once: one journal row and one card (its first revision) per performer.
    const ids = performers.map((p) => p.id).sort();
    expect((await journal()).map((r) => r.entity_id).sort()).toEqual(ids);
    const cards = await rows<{ participant_id: string; revision: number }>(
      `audition_scorecards?session_id=eq.${sessionId}&judge_id=eq.${judge2Id}&select=participant_id,revision`,
      admin,
    );
    expect(cards.map((c) => c.participant_id).sort()).toEqual(ids);
    expect(cards.every((c) => c.revision === 1)).toBe(true);
    expect(judge2.pageErrors).toEqual([]);
    await context.close();
  });

  it('is published by the admin from the final view, the winner’s certificate downloaded (1280 px)', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    await scoreAll(await accessToken(JUDGE_1), sessionId, mark);
    const { page, context } = await openSession(browser, 'desktop');
    await signIn(page);
    // The final still open: its cards' panel, as the lead judge has it on /jury.
    await page.goto('/admin/auditions/?finale=dance');
    await page.getByRole('region', { name: 'Fiches verrouillées' }).waitFor();
    await check(page, 'desktop', 'final-open-unlocks');
    await rpc(
      'jury_lock_session',
      { session_id: sessionId, force: true },
      await accessToken(ADMIN),
    );
    await page.reload();
    await page.getByRole('button', { name: 'Publier les règles' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Publier' }).click();
    await page.getByRole('button', { name: 'Publier les résultats' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Publier' }).click();
    const table = page.getByRole('table', { name: 'Certificats de la finale danse' });
    await table.waitFor();
    await check(page, 'desktop', 'final-certificates');
    const winner = table.getByRole('row').filter({ hasText: 'Nadia Fotso' });
    code = ((await winner.getByRole('cell').nth(3).textContent()) ?? '').trim();
    expect(code).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      winner.getByRole('button', { name: 'Télécharger le certificat de Nadia Fotso' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^certificat-danse-\d+-nadia-fotso\.pdf$/);
    const file = readFileSync((await download.path()) ?? '');
    expect(file.subarray(0, 5).toString()).toBe('%PDF-');
    // Each finalist's link by the outbox, once (docs/decisions/057-…): three, no confirmation.
    await page.getByRole('button', { name: 'Envoyer le lien à tous' }).click();
    await page.getByText('Lien du certificat mis en file d’envoi pour 3 personnes').waitFor();
    await check(page, 'desktop', 'final-certificates-links');
    await context.close();
    const phone = await openSession(browser, 'phone');
    await signIn(phone.page);
    await phone.page.goto('/admin/auditions/?finale=dance');
    await phone.page.getByRole('button', { name: 'Envoyer le lien à tous' }).click();
    await phone.page
      .getByText('Aucun nouveau lien\u00a0: déjà en file d’envoi ou envoyé pour 3 personnes')
      .waitFor();
    await check(phone.page, 'phone', 'final-certificates-links');
    await phone.context.close();
  });

  for (const viewport of ['phone', 'desktop'] as ViewportName[])
    it(`shows the winners and the breakdown on /resultats, and verifies the code (${viewport})`, async (ctx) => {
      if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
      expect(code).not.toBe('');
      const { page, context } = await openSession(browser, viewport);
      await page.goto('/resultats/');
      const dance = page.getByRole('region', { name: 'Danse' });
      await dance.getByRole('heading', { name: 'Lauréats' }).waitFor();
      await expect.poll(() => dance.getByText('Nadia Fotso').count()).toBeGreaterThan(0);
      await dance.getByText(/^Empreinte des données/).waitFor();
      await dance
        .getByText(/récusé/)
        .first()
        .waitFor();
      // The winner's judges: each criterion's mark and normalised score, the recused judge.
      await dance.getByText('Notes des jurés (2)').first().click();
      await dance.getByRole('list', { name: 'Notes des jurés pour Nadia Fotso' }).waitFor();
      await check(page, viewport, 'resultats');
      const check_ = page.getByRole('region', { name: 'Vérifier un certificat' });
      await check_.getByLabel(/^Code de vérification/).fill(code);
      await check_.getByRole('button', { name: 'Vérifier' }).click();
      await expect
        .poll(() => check_.getByRole('status').textContent())
        .toMatch(/^Certificat authentique\u00a0: Nadia Fotso, Danse, 1re place, lauréat/);
      await check(page, viewport, 'resultats-verified');
      await context.close();
    });
});
