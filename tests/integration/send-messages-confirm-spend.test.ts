/**
 * Changes that spend money ask first (docs/decisions/037-message-budgets.md): a settings save or
 * an admin batch that would queue more than a handful of messages is refused with their count
 * and cost, nothing saved and nothing queued, until it comes back with confirm_messages = that
 * count; then they are queued once, and sent.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { admin, backend, mock, newPhone, runtime, withProviders } from './support/send-messages';

withProviders();

const count = async (where: string) =>
  (await backend.sql<{ n: number }>(`select count(*)::int n from outbox where ${where}`))[0].n;

async function passes(n: number, state: 'confirmed' | 'waitlisted' = 'confirmed') {
  const phones = Array.from({ length: n }, () => newPhone());
  await backend.sql(
    `insert into reservations (full_name, phone, ville, heard_from, state, queue_number)
     select 'Visiteur ' || p, p, 'Douala', 'social', $2,
            case when $2 = 'waitlisted' then nextval('private.reservation_queue') end
       from unnest($1::text[]) p`,
    [phones, state],
  );
  return phones;
}

let original: Record<string, string | number>;
beforeAll(async () => {
  [original] = await backend.sql<Record<string, string | number>>(
    `select concert_starts_at::text, doors_open_at::text, capacity, overbooking_percent
       from edition_settings`,
  );
});

afterEach(async () => {
  await backend.sql(
    `delete from reservations; update message_settings set reminder_queued_for = null`,
  );
  await backend.setEdition(original);
});

/** The refusal's count and cost (its DETAIL, JSON). */
function spend(error: { hint?: string; details?: string | null } | null) {
  expect(error?.hint).toBe('confirm_messages');
  return JSON.parse(String(error?.details)) as { count: number; cost: number; sms_parts: number };
}

describe('changes that spend money ask first', () => {
  it('moving the concert to in two hours queues nothing until confirmed, then the reminders once', async () => {
    const phones = await passes(8);
    const soon = new Date(Date.now() + 2 * 3600_000);
    const payload = {
      concert_starts_at: soon.toISOString(),
      doors_open_at: new Date(soon.getTime() - 3600_000).toISOString(),
    };
    const first = await admin.rpc('admin_update_settings', { payload });
    expect(first.error?.message).toMatch(
      /^Cette action met 8 messages en file d’envoi \(coût estimé des SMS : \d+ FCFA\)/,
    );
    const asked = spend(first.error);
    expect(asked.count).toBe(8);
    expect(asked.cost).toBe(asked.sms_parts * 25);
    expect(asked.sms_parts).toBeGreaterThanOrEqual(8);
    // Nothing saved, nothing queued, and the sender's next run queues nothing either.
    await runtime.run();
    expect(await count('true')).toBe(0);
    const [{ concert }] = await backend.sql<{ concert: string }>(
      `select concert_starts_at::text concert from edition_settings`,
    );
    expect(concert).toBe(original.concert_starts_at);
    // A count other than the one shown is refused the same way.
    const wrong = await admin.rpc('admin_update_settings', {
      payload: { ...payload, confirm_messages: 7 },
    });
    expect(spend(wrong.error).count).toBe(8);
    expect(await count('true')).toBe(0);

    const confirmed = await admin.rpc('admin_update_settings', {
      payload: { ...payload, confirm_messages: 8 },
    });
    expect(confirmed.error).toBeNull();
    expect(await count(`template = 'reminder'`)).toBe(8);
    await runtime.run();
    await runtime.run();
    expect(mock.received.map((m) => m.recipient).sort()).toEqual([...phones].sort());
  });

  it('a capacity that promotes more than a handful of the waiting list asks first', async () => {
    await backend.setEdition({ capacity: 2, overbooking_percent: 0 });
    await passes(2);
    await passes(7, 'waitlisted');
    const refused = await admin.rpc('admin_update_settings', { payload: { capacity: 20 } });
    expect(spend(refused.error).count).toBe(7);
    expect(await count('true')).toBe(0);
    const [{ waiting }] = await backend.sql<{ waiting: number }>(
      `select count(*)::int waiting from reservations where state = 'waitlisted'`,
    );
    expect(waiting).toBe(7);
    const ok = await admin.rpc('admin_update_settings', {
      payload: { capacity: 20, confirm_messages: 7 },
    });
    expect(ok.error).toBeNull();
    expect(await count(`template = 'waitlist_offer'`)).toBe(7);
  });

  it('"Envoyer le rappel" to more than a handful needs the count it showed', async () => {
    // A handful (5 or fewer) needs no confirmation.
    await passes(5);
    const few = await admin.rpc('admin_send_reminder', { channel: 'sms' });
    expect(few.error).toBeNull();
    expect(few.data.queued).toBe(5);
    await passes(6);
    const refused = await admin.rpc('admin_send_reminder', { channel: 'sms' });
    expect(spend(refused.error).count).toBe(6);
    expect(await count('true')).toBe(5);
    const ok = await admin.rpc('admin_send_reminder', { channel: 'sms', confirm_messages: 6 });
    expect(ok.error).toBeNull();
    expect(ok.data.queued).toBe(6);
    expect(await count(`template = 'reminder'`)).toBe(11);
  });

  it('a convocation batch of more than a handful needs the count it showed', async () => {
    const phones = Array.from({ length: 6 }, () => newPhone());
    const ids = (
      await backend.sql<{ id: string }>(
        `insert into participants (full_name, email, phone, city, region, category,
                                   participation_type, agree_to_terms, audition_city, audition_at)
         select 'Candidat ' || p, 'c' || p || '@example.cm', p, 'Douala', 'Littoral', 'dance',
                'solo', true, 'Douala', '2030-08-12 13:00+00'
           from unnest($1::text[]) p returning id::text`,
        [phones],
      )
    ).map((r) => r.id);
    try {
      const refused = await admin.rpc('admin_send_convocations', { ids, channel: 'sms' });
      expect(spend(refused.error)).toMatchObject({ count: 6 });
      expect(await count(`template = 'convocation'`)).toBe(0);
      const ok = await admin.rpc('admin_send_convocations', {
        ids,
        channel: 'sms',
        confirm_messages: 6,
      });
      expect(ok.error).toBeNull();
      expect(ok.data.queued).toBe(6);
      expect(await count(`template = 'convocation'`)).toBe(6);
    } finally {
      await backend.sql(`delete from participants where id = any($1::uuid[])`, [ids]);
    }
  });

  it("a scheduled reminder made due by the messages' settings asks first too", async () => {
    await passes(7);
    const soon = new Date(Date.now() + 2 * 24 * 3600_000);
    await backend.setEdition({
      concert_starts_at: soon.toISOString(),
      doors_open_at: new Date(soon.getTime() - 3600_000).toISOString(),
    });
    await backend.sql(`update message_settings set reminder_days_before = 1`);
    try {
      const refused = await admin.rpc('admin_update_message_settings', {
        payload: { reminder_days_before: 3 },
      });
      expect(spend(refused.error).count).toBe(7);
      const [{ days }] = await backend.sql<{ days: number }>(
        `select reminder_days_before days from message_settings`,
      );
      expect(days).toBe(1);
      expect(await count('true')).toBe(0);
      const ok = await admin.rpc('admin_update_message_settings', {
        payload: { reminder_days_before: 3, confirm_messages: 7 },
      });
      expect(ok.error).toBeNull();
      expect(await count(`template = 'reminder'`)).toBe(7);
    } finally {
      await backend.sql(`update message_settings set reminder_days_before = 3`);
    }
  });
});
