/**
 * The send-messages Edge Function under Deno against this file's database, each provider's HTTP
 * answered by the local mock that checks every request against the provider's documentation
 * (tests/setup/provider-mock.ts): success on each channel, a 4xx refusal, a 5xx then success on
 * retry, a rate limit, the provider's pace, and the gateway (docs/decisions/033-messages-outbox.md).
 */
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ANON_KEY } from '../../supabase/local/constants.ts';
import { denoBinary, functionsDir } from '../../supabase/local/functions.ts';
import {
  admin,
  backend,
  dueNow,
  mock,
  newPhone,
  outboxRow,
  queue,
  runtime,
  withProviders,
} from './support/send-messages';

withProviders();

describe('Deno, from npm', () => {
  it('npm ci brings the binary, and the function type-checks under it', () => {
    const deno = denoBinary();
    expect(execFileSync(deno, ['--version'], { encoding: 'utf8' })).toMatch(/^deno 2\./);
    // deno check: Deno's own TypeScript and types, offline (the function imports nothing remote).
    const dir = path.join(functionsDir, 'send-messages');
    execFileSync(deno, ['check', '--quiet', '--config', 'deno.json', 'index.ts'], {
      cwd: dir,
      env: { ...process.env, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' },
      stdio: 'pipe',
    });
  });
});

describe('the gateway, as hosted', () => {
  it('refuses a call without a valid JWT (401) and a key that is not the service role (403)', async () => {
    const url = `${runtime.url}/functions/v1/send-messages`;
    expect((await fetch(url, { method: 'POST' })).status).toBe(401);
    const bad = await fetch(url, { method: 'POST', headers: { Authorization: 'Bearer x.y.z' } });
    expect(bad.status).toBe(401);
    const anon = await fetch(url, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ANON_KEY}` },
    });
    expect(anon.status).toBe(403);
    const unknown = await fetch(`${runtime.url}/functions/v1/nope`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ANON_KEY}` },
    });
    expect(unknown.status).toBe(404);
  });
});

describe('each channel through its provider', () => {
  it('an SMS through Twilio: sent, with the provider id, the text as queued', async () => {
    const phone = newPhone();
    const id = await queue('sms', phone);
    expect(await runtime.run()).toEqual({ claimed: 1, sent: 1, failed: 0, retried: 0 });
    const row = await outboxRow(id);
    expect(row).toMatchObject({ state: 'sent', provider: 'twilio', attempts: 1, last_error: null });
    expect(row.provider_id).toMatch(/^SM[0-9a-f]{32}$/);
    expect(mock.received).toEqual([
      expect.objectContaining({
        provider: 'twilio',
        recipient: phone,
        content: row.body,
        status: 201,
      }),
    ]);
    expect(mock.violations).toEqual([]);
  });

  it('a convocation by WhatsApp template: the participant is notified only once the provider accepted it', async () => {
    const phone = newPhone();
    const [{ id: pid }] = await backend.sql<{ id: string }>(
      `insert into participants (full_name, email, phone, city, region, category, participation_type,
                                 agree_to_terms, audition_city, audition_at)
       values ('Awa Ngono', $1, $2, 'Douala', 'Littoral', 'dance', 'solo', true, 'Douala',
               '2030-08-12 13:00+00') returning id::text`,
      [`awa.${phone}@example.cm`, phone],
    );
    const { data, error } = await admin.rpc('admin_send_convocations', {
      ids: [pid],
      channel: 'whatsapp',
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ queued: 1, skipped: 0 });
    const notified = async () =>
      (
        await backend.sql<{ at: string | null }>(
          'select notified_at as at from participants where id = $1',
          [pid],
        )
      )[0].at;
    expect(await notified()).toBeNull();
    const result = await runtime.run();
    // The registration's confirmation e-mail (trigger) went too.
    expect(result).toMatchObject({ claimed: 2, sent: 2 });
    expect(await notified()).not.toBeNull();
    const wa = mock.received.find((m) => m.provider === 'whatsapp');
    expect(wa).toMatchObject({
      recipient: phone,
      content: {
        name: 'booster_convocation',
        parameters: ['Awa', 'Douala', 'le 12/08/2030 à 14 h', 'http://localhost:5173'],
      },
    });
    expect(mock.violations).toEqual([]);
  });

  it('a registration confirmation by EmailJS: to the address, the body as queued', async () => {
    const phone = newPhone();
    const email = `inscrit.${phone}@example.cm`;
    await backend.sql(
      `insert into participants (full_name, email, phone, city, region, category, participation_type, agree_to_terms)
       values ('Jean Mbarga', $1, $2, 'Yaoundé', 'Centre', 'singing', 'solo', true)`,
      [email, phone],
    );
    expect(await runtime.run()).toMatchObject({ claimed: 1, sent: 1 });
    const [sent] = mock.received;
    expect(sent).toMatchObject({ provider: 'emailjs', recipient: email, status: 200 });
    const params = sent.content as Record<string, string>;
    expect(params.subject).toBe('Votre inscription au Booster Challenge');
    expect(params.message).toMatch(
      /^Bonjour Jean,\n\nNous avons bien reçu votre inscription au Booster Challenge \(catégorie chant\)/,
    );
    expect(mock.violations).toEqual([]);
  });
});

describe('a certificate’s link (docs/decisions/057-participation-certificates-and-their-link.md)', () => {
  it('goes by EmailJS with its subject, the first name, the code and the /resultats link', async () => {
    const phone = newPhone();
    const email = `certifie.${phone}@example.cm`;
    const [{ id }] = await backend.sql<{ id: string }>(
      `insert into participants (full_name, email, phone, city, region, category, participation_type,
         agree_to_terms, status)
       values ('Awa Certifiée', $1, $2, 'Douala', 'Littoral', 'dance', 'solo', true, 'convoque')
       returning id::text`,
      [email, phone],
    );
    await backend.sql(`delete from outbox where participant_id = $1`, [id]);
    const { data: issued } = await admin.rpc('admin_participation_certificate', {
      participant_id: id,
    });
    const sent = await admin.rpc('admin_send_certificate_link', { participant_id: id });
    expect(sent.error).toBeNull();
    expect(await runtime.run()).toMatchObject({ claimed: 1, sent: 1 });
    const [received] = mock.received;
    expect(received).toMatchObject({ provider: 'emailjs', recipient: email, status: 200 });
    const params = received.content as Record<string, string>;
    expect(params.subject).toBe('Votre certificat du Booster Challenge');
    const code = (issued as { code: string }).code;
    expect(params.message).toBe(
      `Booster Challenge : Awa, votre attestation de participation est en ligne. Code de vérification ${code} : http://localhost:5173/resultats?code=${code}`,
    );
    expect(mock.violations).toEqual([]);
  });
});

describe('failures', () => {
  it("a 4xx refusal fails the message at once, with the provider's reason", async () => {
    const phone = newPhone();
    mock.script(phone, [400]);
    const id = await queue('sms', phone);
    expect(await runtime.run()).toEqual({ claimed: 1, sent: 0, failed: 1, retried: 0 });
    const row = await outboxRow(id);
    expect(row).toMatchObject({ state: 'failed', attempts: 1, provider: 'twilio' });
    expect(row.last_error).toMatch(/^Twilio 400 \(21211\)\s: The 'To' number/);
    expect(await runtime.run()).toMatchObject({ claimed: 0 });
  });

  it('a 5xx is tried again after its backoff, then sent: one message', async () => {
    const phone = newPhone();
    mock.script(phone, [500]);
    const id = await queue('whatsapp', phone);
    expect(await runtime.run()).toEqual({ claimed: 1, sent: 0, failed: 0, retried: 1 });
    let row = await outboxRow(id);
    expect(row).toMatchObject({ state: 'queued', attempts: 1 });
    expect(row.last_error).toMatch(/^WhatsApp 500/);
    expect(row.due_in).toBeGreaterThan(50);
    expect(row.due_in).toBeLessThanOrEqual(60);
    // Not due yet: nothing is claimed.
    expect(await runtime.run()).toMatchObject({ claimed: 0 });
    await dueNow();
    expect(await runtime.run()).toEqual({ claimed: 1, sent: 1, failed: 0, retried: 0 });
    row = await outboxRow(id);
    expect(row).toMatchObject({ state: 'sent', attempts: 2, last_error: null });
    expect(mock.received.map((m) => m.status)).toEqual([500, 200]);
  });

  it('after 5 attempts the message fails for good', async () => {
    const phone = newPhone();
    mock.script(phone, [503, 503, 503, 503, 503]);
    const id = await queue('sms', phone);
    for (let i = 0; i < 5; i++) {
      await runtime.run();
      await dueNow();
    }
    expect(await outboxRow(id)).toMatchObject({ state: 'failed', attempts: 5 });
    expect(mock.received).toHaveLength(5);
  });

  it('a rate limit (429 + Retry-After): no more requests to that provider this run, nothing counted, sent later', async () => {
    const [a, b, c] = [newPhone(), newPhone(), newPhone()];
    mock.script(a, [429]);
    const ids = [await queue('sms', a), await queue('sms', b), await queue('sms', c)];
    expect(await runtime.run()).toEqual({ claimed: 3, sent: 0, failed: 0, retried: 3 });
    expect(mock.received.map((m) => m.recipient)).toEqual([a]);
    for (const id of ids) {
      const row = await outboxRow(id);
      expect(row).toMatchObject({ state: 'queued', attempts: 0 });
      expect(row.due_in).toBeGreaterThan(0);
      expect(row.due_in).toBeLessThanOrEqual(2);
    }
    await dueNow();
    expect(await runtime.run()).toMatchObject({ claimed: 3, sent: 3 });
    expect(mock.received.map((m) => m.recipient).sort()).toEqual([a, a, b, c].sort());
  });

  it("WhatsApp's throughput error (130429) is a rate limit too", async () => {
    const phone = newPhone();
    mock.script(phone, [429]);
    const id = await queue('whatsapp', phone);
    expect(await runtime.run()).toMatchObject({ retried: 1 });
    const row = await outboxRow(id);
    expect(row).toMatchObject({ state: 'queued', attempts: 0 });
    expect(row.last_error).toMatch(/\(130429\)/);
    expect(row.due_in).toBeGreaterThan(50);
  });
});

describe('pace and cap', () => {
  it("keeps to the provider's rate (EMAIL_PER_SECOND 5: 200 ms apart)", async () => {
    for (let i = 0; i < 4; i++) await queue('email', `rythme${i}.${newPhone()}@example.cm`);
    expect(await runtime.run()).toMatchObject({ sent: 4 });
    // Arrival times at the mock: the first request also opens the connection, so the spacing is
    // measured over the whole run (three gaps of 200 ms), not gap by gap.
    const at = mock.received.map((m) => m.at);
    expect(at[3] - at[0]).toBeGreaterThanOrEqual(500);
  });

  it('hands out no more than the daily cap; the rest waits', async () => {
    // The whole cap as the reserve (no public or lost-pass budget): docs/decisions/037-message-budgets.md.
    await backend.sql(
      'update message_settings set daily_cap = 3, public_daily_cap = 0, recovery_daily_cap = 0',
    );
    try {
      for (let i = 0; i < 5; i++) await queue('sms', newPhone(), 'reminder');
      expect(await runtime.run()).toMatchObject({ claimed: 3, sent: 3 });
      expect(await runtime.run()).toMatchObject({ claimed: 0 });
      const [{ n }] = await backend.sql<{ n: number }>(
        `select count(*)::int n from outbox where state = 'queued'`,
      );
      expect(n).toBe(2);
    } finally {
      await backend.sql(
        'update message_settings set daily_cap = 1000, public_daily_cap = 300, recovery_daily_cap = 100',
      );
    }
  });
});
