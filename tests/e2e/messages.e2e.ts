/**
 * Messages that reach people (issue 32), across the whole stack: the production build, the
 * embedded backend and the send-messages Edge Function under Deno with the local sink (no
 * provider configured: what would be sent is recorded, provider "local", and "Envois" shows it).
 * 1. A confirmed visitor cancels; the first waitlisted visitor's pass becomes confirmed and the
 *    waitlist offer to their phone, with their pass link, is in the sink.
 * 2. "Retrouver mon pass" with that reserved phone: the neutral answer on the page (no pass link),
 *    and the pass link in the sink.
 * 3. The admin previews the reminder ("Envois" and the preview at 360 and 1280 px, axe) and sends
 *    it: one reminder per confirmed pass not yet entered, none to the cancelled one.
 * The places are made full for step 1 (capacity = the confirmed places, the seed's waitlist
 * confirmed by it), and the settings are put back at the end. It runs after door.e2e.ts and
 * readable-export.e2e.ts, which expect the seed's waitlisted pass waitlisted
 * (vitest.e2e.config.ts). The function is called as the local backend's 30 s timer would.
 */
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY } from '../../src/config/local-backend';
import { SERVICE_ROLE_KEY } from '../../supabase/local/constants';
import {
  backendAvailable,
  baseUrl,
  launchChromium,
  openSession,
  SCREENSHOT_DIR,
  screenshot,
  settle,
  type Session,
  type ViewportName,
} from './support/browser';
import { reserveThroughApi } from './support/door';
import { check, signIn, waitForToast } from './support/workspace';

/** Unique to this file: the e2e database is shared by every file. */
const LEAVING = { name: 'Brice Onana', phone: '655320101' };
const WAITING = { name: 'Clarisse Ewondo', phone: '655320102', written: '+237 6 55 32 01 02' };
const NEUTRAL =
  'Si ce numéro a une réservation, le lien de son pass lui est envoyé par message dans quelques minutes.';

type Json = Record<string, unknown>;

async function call(path: string, body: unknown, token: string): Promise<Json> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: {
      apikey: LOCAL_ANON_KEY,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Json;
  expect(res.status, `${path}: ${JSON.stringify(json)}`).toBe(200);
  return json;
}

/** The seed's admin, signed in through the API (for the checks and the settings). */
async function adminToken(): Promise<string> {
  const json = await call(
    '/auth/v1/token?grant_type=password',
    { email: 'admin@booster-challenge.local', password: 'BoosterAdmin2025' },
    LOCAL_ANON_KEY,
  );
  return String(json.access_token);
}

/** One run of the sender, as the local backend's timer (or hosted pg_cron) starts it. */
const sendMessages = () => call('/functions/v1/send-messages', {}, SERVICE_ROLE_KEY);

type OutboxRow = {
  recipient: string;
  template: string;
  state: string;
  body: string;
  provider: string;
};
async function outbox(token: string, template: string): Promise<OutboxRow[]> {
  const page = await call('/rest/v1/rpc/outbox_list', { template, page_size: 200 }, token);
  return page.rows as OutboxRow[];
}

describe('messages that reach people', () => {
  let browser: Browser;
  let token = '';
  let saved: Json = {};
  const sessions: Session[] = [];
  let waitingCode = '';

  const session = async (viewport: ViewportName) => {
    const s = await openSession(browser, viewport);
    sessions.push(s);
    return s;
  };

  beforeAll(async () => {
    browser = await launchChromium();
    if (!backendAvailable()) return;
    token = await adminToken();
    const [settings] = (await (
      await fetch(`${baseUrl()}/rest/v1/edition_settings?select=capacity,overbooking_percent`, {
        headers: { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${token}` },
      })
    ).json()) as Json[];
    saved = settings;
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    const slug = ctx.task.name.slice(0, 40).replace(/[^a-z]+/gi, '-');
    for (const [i, s] of sessions.entries())
      await screenshot(s.page, 'desktop', `FAILED-messages-${slug}-${i}`).catch(() => undefined);
  });
  afterAll(async () => {
    if (token && saved.capacity !== undefined)
      await call('/rest/v1/rpc/admin_update_settings', { payload: saved }, token);
    await browser?.close();
  });

  it('a confirmed visitor cancels: the first waitlisted one is confirmed and gets the offer with the pass link', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    const leavingCode = await reserveThroughApi(LEAVING.name, LEAVING.phone);
    // Full: as many places as confirmed ones (the seed's waitlist is confirmed by it).
    const stats = await call('/rest/v1/rpc/night_party_stats', {}, token);
    await call(
      '/rest/v1/rpc/admin_update_settings',
      {
        payload: {
          capacity: Number(stats.confirmed) + Number(stats.waitlisted),
          overbooking_percent: 0,
        },
      },
      token,
    );

    const waiting = await session('desktop');
    await waiting.page.goto('/night-party/');
    await settle(waiting.page);
    await waiting.page.getByLabel(/^Nom complet/).fill(WAITING.name);
    await waiting.page.getByLabel(/^Téléphone/).fill(WAITING.written);
    await waiting.page.getByLabel(/^Ville/).fill('Douala');
    await waiting.page.getByRole('radio', { name: 'Réseaux sociaux' }).check();
    await waiting.page.getByRole('button', { name: 'Réserver ma place' }).click();
    await waiting.page
      .getByRole('heading', { level: 1, name: 'Réservation enregistrée' })
      .waitFor();
    // The pass is the message's link (ADR 039), on the waitlist at n° 1.
    const sent = (await outbox(token, 'pass_recovery')).find((o) => o.recipient === WAITING.phone);
    waitingCode = /\/pass\/([A-Z0-9]{10})/.exec(sent?.body ?? '')?.[1] ?? '';
    expect(waitingCode).toMatch(/^[A-Z0-9]{10}$/);
    await waiting.page.goto(`/pass/${waitingCode}`);
    await waiting.page.getByText('Liste d’attente · n° 1').waitFor();

    const leaving = await session('desktop');
    await leaving.page.goto(`/pass/${leavingCode}`);
    await settle(leaving.page);
    await leaving.page.getByRole('button', { name: 'Je ne pourrai pas venir' }).click();
    await leaving.page.getByRole('button', { name: 'Oui, annuler ma place' }).click();
    await waitForToast(
      leaving.page,
      'Votre réservation est annulée. Merci de nous avoir prévenus.',
    );

    // The waiting visitor's pass is confirmed.
    await waiting.page.goto(`/pass/${waitingCode}`);
    await settle(waiting.page);
    await waiting.page.getByText('Place confirmée').first().waitFor();

    const run = await sendMessages();
    expect(Number(run.sent)).toBeGreaterThanOrEqual(1);
    const offers = (await outbox(token, 'waitlist_offer')).filter(
      (o) => o.recipient === WAITING.phone,
    );
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({ state: 'sent', provider: 'local' });
    expect(offers[0].body).toContain(`/pass/${waitingCode}`);
    // None to the visitor who left.
    expect((await outbox(token, 'waitlist_offer')).map((o) => o.recipient)).not.toContain(
      LEAVING.phone,
    );

    // The admin reads it in "Envois", with its text.
    const admin = await session('desktop');
    await signIn(admin.page);
    await admin.page.goto('/admin/envois/?template=waitlist_offer');
    await settle(admin.page);
    const row = admin.page.getByRole('row').filter({ hasText: '6 55 32 01 02' });
    await row.getByText('Envoyé').waitFor();
    await row.getByRole('button', { name: /^Voir le message/ }).click();
    await admin.page.getByText(`/pass/${waitingCode}`, { exact: false }).first().waitFor();
    await admin.page
      .getByText(/\(simulation locale\)/)
      .first()
      .waitFor();
    for (const s of sessions) expect(s.pageErrors).toEqual([]);
  });

  it('"Retrouver mon pass" with a reserved phone: the neutral answer here, the pass link in the sink', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    expect(waitingCode, 'the first test gives the reserved phone its pass').not.toBe('');
    const visitor = await session('phone');
    const { page } = visitor;
    await page.goto('/night-party/');
    await settle(page);
    const section = page.getByRole('region', { name: /^Pass perdu/ });
    await section.getByRole('button', { name: 'Retrouver mon pass' }).click();
    await section.getByLabel(/^Téléphone de la réservation/).fill(WAITING.written);
    await section.getByRole('button', { name: 'Recevoir le lien de mon pass' }).click();
    await section.getByRole('status').getByText(NEUTRAL).waitFor();
    await screenshot(page, 'phone', 'night-party-recover-pass');
    await section.screenshot({
      path: join(SCREENSHOT_DIR, 'phone-night-party-recover-pass-section.png'),
    });
    expect(await page.content()).not.toContain(waitingCode);

    await sendMessages();
    const recovered = (await outbox(token, 'pass_recovery')).filter(
      (o) => o.recipient === WAITING.phone,
    );
    // The reservation sent the same link (ADR 039): within its 10 minutes, one message only.
    expect(recovered.length).toBeGreaterThanOrEqual(1);
    expect(recovered[0]).toMatchObject({ state: 'sent', provider: 'local' });
    expect(recovered[0].body).toContain(`/pass/${waitingCode}`);
    expect(visitor.pageErrors).toEqual([]);
  });

  it('the admin sends the reminder to every confirmed pass after the preview', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    const before = await call('/rest/v1/rpc/admin_reminder_preview', { channel: 'sms' }, token);
    const toSend = Number(before.recipients) - Number(before.already_queued);
    expect(toSend).toBeGreaterThan(1);
    const confirmLabel = `Envoyer à ${toSend} pass confirmés`;

    // "Envois" and the preview at 360 px (cancelled there) and 1280 px (sent there).
    for (const viewport of ['phone', 'desktop'] as const) {
      const admin = await session(viewport);
      const { page } = admin;
      await signIn(page);
      await page.goto('/admin/envois/');
      await settle(page);
      await page
        .getByRole('button', { name: /^Voir le message/ })
        .first()
        .waitFor();
      await check(page, viewport, 'admin-outbox');
      await page.getByRole('button', { name: 'Envoyer le rappel' }).click();
      const dialog = page.getByRole('dialog', { name: 'Envoyer le rappel du concert' });
      await dialog.getByText(/^Rappel : Booster Night Party .*\/pass\/[A-Z0-9]{10}$/).waitFor();
      await dialog.getByText(`${toSend} pass confirmés`, { exact: true }).waitFor();
      await dialog.getByText(/FCFA par segment/).waitFor();
      await check(page, viewport, 'admin-outbox-reminder-preview');
      if (viewport === 'phone') {
        await dialog.getByRole('button', { name: 'Annuler' }).click();
        await dialog.waitFor({ state: 'detached' });
      } else {
        await dialog.getByRole('button', { name: confirmLabel }).click();
        await waitForToast(page, `Rappel mis en file d’envoi pour ${toSend} pass confirmés (SMS)`);
      }
      expect(admin.pageErrors).toEqual([]);
    }

    const after = await call('/rest/v1/rpc/admin_reminder_preview', { channel: 'sms' }, token);
    expect(Number(after.already_queued)).toBe(Number(after.recipients));
    const reminders = await outbox(token, 'reminder');
    expect(reminders).toHaveLength(toSend);
    const recipients = reminders.map((r) => r.recipient);
    expect(new Set(recipients).size).toBe(toSend);
    expect(recipients).toContain(WAITING.phone);
    expect(recipients).not.toContain(LEAVING.phone);
    const run = await sendMessages();
    expect(Number(run.claimed)).toBeGreaterThan(0);
  });
});
