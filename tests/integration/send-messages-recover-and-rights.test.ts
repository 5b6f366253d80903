/**
 * "Retrouver mon pass" (recover_pass), the sender's service-only functions, the local sink and
 * the texts (docs/decisions/033-messages-outbox.md): the same answer and timing class for a
 * known and an unknown phone, nothing queued for an unknown one, at most one message per phone
 * every 10 minutes; outbox_claim and outbox_record refused to every role of the site.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import { SERVICE_ROLE_KEY } from '../../supabase/local/constants.ts';
import { backend, newPhone, startRuntime, type Runtime } from './support/send-messages';
import { clients, ROLES, signInEveryRole } from './support/rls-matrix';

signInEveryRole();

/** With the refusal's fields, null (supabase/schemas/05_answer_types.sql). */
const ANSWER = {
  ok: true,
  code: null,
  hint: null,
  details: null,
  message:
    'Si ce numéro a une réservation, le lien de son pass lui est envoyé par message dans quelques minutes.',
};

async function recover(phone: string) {
  const pow = await backend.proofOfWork('recover');
  const started = performance.now();
  const { data, error, status } = await backend
    .anonClient()
    .rpc('recover_pass', { payload: { phone, pow } });
  return { data, error, status, ms: performance.now() - started };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

describe('recover_pass', () => {
  it('answers the same for a known and an unknown phone, and queues only for the known one', async () => {
    const known = newPhone();
    const [{ id, pass_code }] = await backend.sql<{ id: string; pass_code: string }>(
      `insert into reservations (full_name, phone, ville, heard_from)
       values ('Marie Nana', $1, 'Yaoundé', 'social') returning id::text, pass_code`,
      [known],
    );
    const unknown = newPhone();
    const a = await recover(known);
    const b = await recover(unknown);
    expect(a.error).toBeNull();
    expect(b.error).toBeNull();
    expect(a.data).toEqual(ANSWER);
    expect(b.data).toEqual(ANSWER);
    expect(a.status).toBe(b.status);
    const rows = await backend.sql<{ recipient: string; body: string; channel: string }>(
      `select recipient, body, channel from outbox where template = 'pass_recovery'`,
    );
    expect(rows).toEqual([
      {
        recipient: known,
        channel: 'sms',
        body: `Votre pass Booster Night Party : http://localhost:5173/pass/${pass_code}`,
      },
    ]);
    // Asked again within 10 minutes: the same answer, still one message.
    expect((await recover(known)).data).toEqual(ANSWER);
    const [{ n }] = await backend.sql<{ n: number }>(
      `select count(*)::int n from outbox where reservation_id = $1`,
      [id],
    );
    expect(n).toBe(1);
  });

  it('takes the same time class for a known and an unknown phone', async () => {
    const known = newPhone();
    await backend.sql(
      `insert into reservations (full_name, phone, ville, heard_from) values ('Paul Eto', $1, 'Douala', 'flyer')`,
      [known],
    );
    const k: number[] = [];
    const u: number[] = [];
    for (let i = 0; i < 12; i++) {
      await backend.sql(`delete from outbox where template = 'pass_recovery'`);
      k.push((await recover(known)).ms);
      u.push((await recover(newPhone())).ms);
    }
    const [mk, mu] = [median(k), median(u)];
    // Within 15 ms or half of each other: the insert of a known phone is not visible from outside.
    expect(Math.abs(mk - mu)).toBeLessThan(Math.max(15, 0.5 * Math.min(mk, mu)));
  });

  it('refuses a bad phone in French and without proof of work', async () => {
    const bad = await recover('12345');
    expect(bad.error).toMatchObject({
      hint: 'invalid_field',
      details: 'phone',
      message: "Numéro de téléphone invalide (9 chiffres requis, Pas d'espace)",
    });
    const none = await backend.anonClient().rpc('recover_pass', { payload: { phone: newPhone() } });
    expect(none.error?.hint).toBe('pow_missing');
  });

  it('is limited per address like the other public writes (rate limit "recover")', async () => {
    await backend.sql(
      `delete from private.rate_hits where action = 'recover';
       update private.rate_limits set max_per_address = 2 where action = 'recover'`,
    );
    try {
      expect((await recover(newPhone())).error).toBeNull();
      expect((await recover(newPhone())).error).toBeNull();
      const third = await recover(newPhone());
      expect(third.status).toBe(429);
      expect(third.error?.message).toMatch(
        /^Trop de demandes depuis votre connexion\. Réessayez dans /,
      );
    } finally {
      await backend.sql(`update private.rate_limits set max_per_address = 100000 where action = 'recover';
        delete from private.rate_hits where action = 'recover'`);
    }
  });

  it.each(ROLES)('is open to %s (a public write)', async (role) => {
    const pow = await backend.proofOfWork('recover');
    const { data, error } = await clients[role].rpc('recover_pass', {
      payload: { phone: newPhone(), pow },
    });
    expect(error).toBeNull();
    expect(data).toEqual(ANSWER);
  });
});

describe("the sender's functions are for the service key only", () => {
  const calls = {
    outbox_claim: { batch_size: 1, channels: [] },
    outbox_record: { id: crypto.randomUUID(), ok: true },
  };
  it.each(Object.keys(calls))(
    '%s: every role refused (42501), the service role accepted',
    async (fn) => {
      const args = calls[fn as keyof typeof calls];
      for (const role of ROLES) {
        const { error, status } = await clients[role].rpc(fn, args);
        expect(error?.code, role).toBe('42501');
        expect(status).toBe(role === 'anon' ? 401 : 403);
      }
      const service = createClient(backend.url, SERVICE_ROLE_KEY, {
        auth: { persistSession: false },
      });
      const { error } = await service.rpc(fn, args);
      expect(error).toBeNull();
    },
  );
});

describe('without providers', () => {
  let sink: Runtime;
  let none: Runtime;
  beforeAll(async () => {
    sink = await startRuntime({ SEND_MESSAGES_SINK: '1' });
    none = await startRuntime({ SEND_MESSAGES_SINK: '0' });
  });
  afterAll(async () => {
    await sink?.close();
    await none?.close();
  });

  it('with no provider and no sink, messages stay queued with the reason', async () => {
    await backend.sql('delete from outbox');
    await backend.sql(
      `select private.queue_message('sms', $1, 'pass_recovery', '{"link":"x"}', 'none:' || $1)`,
      [newPhone()],
    );
    expect(await none.run()).toEqual({ claimed: 0, sent: 0, failed: 0, retried: 0 });
    const [row] = await backend.sql<{ state: string; last_error: string; attempts: number }>(
      'select state, last_error, attempts from outbox',
    );
    expect(row).toEqual({
      state: 'queued',
      last_error: 'Aucun fournisseur configuré.',
      attempts: 0,
    });
  });

  it('the local sink keeps what would have been sent (provider local)', async () => {
    expect(await sink.run()).toMatchObject({ claimed: 1, sent: 1 });
    const [row] = await backend.sql<{ state: string; provider: string; body: string }>(
      'select state, provider, body from outbox',
    );
    expect(row).toEqual({
      state: 'sent',
      provider: 'local',
      body: 'Votre pass Booster Night Party : x',
    });
  });
});

describe('the texts', () => {
  it('counts SMS parts as GSM-7 where possible, UCS-2 otherwise', async () => {
    const [r] = await backend.sql<Record<string, unknown>>(
      `select private.sms_encoding('Réservation confirmée à 20h : è é ù ì ò Ç') as fr,
              private.sms_encoding('Soirée très bientôt') as circumflex,
              private.sms_segments(repeat('a', 160)) as s160,
              private.sms_segments(repeat('a', 161)) as s161,
              private.sms_segments(repeat('a', 159) || '€') as euro,
              private.sms_segments(repeat('ô', 70)) as u70,
              private.sms_segments(repeat('ô', 71)) as u71`,
    );
    expect(r).toEqual({
      fr: 'GSM-7',
      circumflex: 'UCS-2',
      s160: 1,
      s161: 2,
      euro: 2,
      u70: 1,
      u71: 2,
    });
  });

  it('every phone template renders in GSM-7 with the seed edition', async () => {
    const [r] = await backend.sql<{ encodings: string[] }>(
      `select array_agg(distinct private.sms_encoding(private.render_message(t, jsonb_build_object(
          'when', private.douala_when(now()), 'venue', 'Palais des Sports de Yaoundé',
          'link', 'https://booster-challenge.cm/pass/ABCDEFGHJK', 'first_name', 'Awa',
          'city', 'Yaoundé', 'site', 'https://booster-challenge.cm')))) as encodings
         from unnest(array['reminder', 'waitlist_offer', 'pass_recovery', 'convocation']) t`,
    );
    expect(r.encodings).toEqual(['GSM-7']);
  });
});
