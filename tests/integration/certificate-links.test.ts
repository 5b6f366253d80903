import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { testBackend } from '../setup/test-backend';
import { performers } from './support/jury';

/**
 * A certificate's link sent by the outbox (issue 41, item 5;
 * docs/decisions/057-participation-certificates-and-their-link.md): one message per person, by
 * e-mail, with /resultats?code=…, queued once under calls at once, journaled; a category's
 * finalists all at once only after their count and cost are confirmed (ADR 037); admins only.
 */
const backend = testBackend();
let admin: SupabaseClient;
let reader: SupabaseClient;
let day = 0;

type Queued = { queued: number; skipped: number; batch_id: string };
type Row = { channel: string; recipient: string; template: string; body: string };

beforeAll(async () => {
  await backend.createUser('cl-admin@example.cm', 'admin-password-123', { admin: true });
  admin = await backend.signedInClient('cl-admin@example.cm', 'admin-password-123');
  await backend.createUser('cl-reader@example.cm', 'reader-password-123', { role: 'lecteur' });
  reader = await backend.signedInClient('cl-reader@example.cm', 'reader-password-123');
});

beforeEach(async () => {
  await backend.sql(`delete from outbox; delete from final_result_snapshots;
    delete from participation_certificates`);
});

async function people(names: string[]): Promise<string[]> {
  return performers(backend, names, { day: `2029-03-${String(++day).padStart(2, '0')}` });
}

const links = () =>
  backend.sql<Row & { participant_id: string }>(
    `select channel, recipient, template, body, participant_id::text from outbox
      where template = 'certificate_link' order by recipient`,
  );

/** A published dance result whose finalists are `ids`, ranked in that order. */
async function published(ids: string[]) {
  await backend.sql(
    `insert into final_result_snapshots (category, results, inputs_digest, signature)
     select 'dance', jsonb_build_object('finalists', jsonb_agg(jsonb_build_object(
              'participant_id', i.id, 'rank', i.n, 'name', 'Finaliste ' || i.n) order by i.n)),
            repeat('a', 64), repeat('b', 64)
       from unnest($1::uuid[]) with ordinality i(id, n)`,
    [ids],
  );
}

describe('« Envoyer le lien » for one person', () => {
  it('queues one e-mail with the /resultats link under calls at once, and one journal row', async () => {
    const [id] = await people(['Awa Lien']);
    const issued = await admin.rpc('admin_participation_certificate', { participant_id: id });
    const code = (issued.data as { code: string }).code;
    const calls = await Promise.all(
      Array.from({ length: 5 }, () =>
        admin.rpc('admin_send_certificate_link', { participant_id: id }),
      ),
    );
    for (const c of calls) expect(c.error).toBeNull();
    expect(calls.map((c) => (c.data as Queued).queued).sort()).toEqual([0, 0, 0, 0, 1]);
    const rows = await links();
    expect(rows).toHaveLength(1);
    const [{ email }] = await backend.sql<{ email: string }>(
      `select email from participants where id = $1`,
      [id],
    );
    expect(rows[0]).toMatchObject({
      channel: 'email',
      recipient: email,
      participant_id: id,
      body: `Booster Challenge : Awa, votre attestation de participation est en ligne. Code de vérification ${code} : http://localhost:5173/resultats?code=${code}`,
    });
    const journal = await backend.sql<{ summary: string }>(
      `select summary from audit_log where action = 'messages.certificate_link'
        and after -> 'ids' ? $1`,
      [id],
    );
    expect(journal).toEqual([{ summary: 'Lien du certificat mis en file pour Awa Lien' }]);
    // An admin's message: the reserve budget, which no public action can use up (ADR 037).
    const [{ pool }] = await backend.sql<{ pool: string }>(
      `select private.outbox_pool(template, dedupe_key) as pool from outbox
        where template = 'certificate_link'`,
    );
    expect(pool).toBe('reserve');
  });

  it('sends a finalist’s final certificate first, and refuses someone without a certificate', async () => {
    const [finalist, nobody] = await people(['Bella Finale', 'Carl Sans']);
    await published([finalist]);
    expect(
      (await admin.rpc('admin_send_certificate_link', { participant_id: finalist })).data,
    ).toMatchObject({ queued: 1 });
    expect((await links())[0].body).toMatch(
      /^Booster Challenge : Bella, votre certificat de lauréat/,
    );
    const refused = await admin.rpc('admin_send_certificate_link', { participant_id: nobody });
    expect(refused.error).toMatchObject({
      hint: 'no_certificate',
      message: 'Aucun certificat à envoyer\u00a0: délivrez d’abord l’attestation de participation.',
    });
    expect(
      (await reader.rpc('admin_send_certificate_link', { participant_id: finalist })).error,
    ).toMatchObject({ code: '42501' });
    expect(await links()).toHaveLength(1);
  });
});

describe('« Envoyer le lien à tous » for a published category', () => {
  it('asks first with the count and cost past a handful, then queues each once under calls at once', async () => {
    const ids = await people(['F1', 'F2', 'F3', 'F4', 'F5', 'F6'].map((n) => `Danseur ${n}`));
    await published(ids);
    const ask = await admin.rpc('admin_send_certificate_links', { category: 'dance' });
    expect(ask.error).toMatchObject({ hint: 'confirm_messages' });
    expect(JSON.parse(ask.error?.details ?? '{}')).toMatchObject({ count: 6, sms_parts: 0 });
    expect(await links()).toHaveLength(0);
    const calls = await Promise.all(
      [1, 2].map(() =>
        admin.rpc('admin_send_certificate_links', { category: 'dance', confirm_messages: 6 }),
      ),
    );
    // The second call waits for the first one's messages and finds them queued.
    const answers = calls.map((c) => c.data as Queued | null);
    expect(answers.map((a) => a?.queued ?? 'refused').sort()).toEqual([0, 6]);
    const rows = await links();
    expect(rows).toHaveLength(6);
    expect(new Set(rows.map((r) => r.participant_id))).toEqual(new Set(ids));
    expect(rows.every((r) => r.channel === 'email' && /\/resultats\?code=/.test(r.body))).toBe(
      true,
    );
    expect(
      (await reader.rpc('admin_send_certificate_links', { category: 'dance' })).error,
    ).toMatchObject({ code: '42501' });
  });

  it('is refused before the results are published', async () => {
    const refused = await admin.rpc('admin_send_certificate_links', { category: 'singing' });
    expect(refused.error).toMatchObject({ hint: 'not_published' });
  });
});
