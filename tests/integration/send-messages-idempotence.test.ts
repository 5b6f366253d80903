/**
 * One message per recipient and event (docs/decisions/033-messages-outbox.md), with truly
 * parallel runs: a waitlist promotion retried, the Edge Function run three times at once, a
 * reminder batch sent twice at once. Each time the mock providers receive exactly one request
 * per recipient.
 */
import { describe, expect, it } from 'vitest';
import {
  admin,
  backend,
  mock,
  newPhone,
  queue,
  runtime,
  withProviders,
} from './support/send-messages';

withProviders();

const outboxCount = async (where: string) =>
  (await backend.sql<{ n: number }>(`select count(*)::int n from outbox where ${where}`))[0].n;

/** Every recipient the providers received, and how many times each. */
function perRecipient() {
  const counts = new Map<string, number>();
  for (const m of mock.received) counts.set(m.recipient, (counts.get(m.recipient) ?? 0) + 1);
  return counts;
}

describe('idempotence', () => {
  it('the function run three times at once sends each queued message once', async () => {
    const phones = Array.from({ length: 60 }, () => newPhone());
    for (const p of phones) await queue('sms', p);
    const results = await Promise.all([runtime.run(), runtime.run(), runtime.run()]);
    expect(results.reduce((s, r) => s + r.sent, 0)).toBe(60);
    expect(results.reduce((s, r) => s + r.claimed, 0)).toBe(60);
    // The runs overlapped: more than one of them claimed rows.
    expect(results.filter((r) => r.claimed > 0).length).toBeGreaterThan(1);
    expect(mock.received).toHaveLength(60);
    expect([...perRecipient().values()].every((n) => n === 1)).toBe(true);
    expect(await outboxCount(`state = 'sent'`)).toBe(60);
  });

  it('a waitlist promotion retried (two cancellations at once, fill_places again) queues one offer', async () => {
    await backend.sql(`delete from reservations`);
    await backend.setEdition({ capacity: 2, overbooking_percent: 0 });
    try {
      const phones = [newPhone(), newPhone(), newPhone()];
      const rows = await backend.sql<{ id: string; pass_code: string; phone: string }>(
        `insert into reservations (full_name, phone, ville, heard_from, state, queue_number)
         select 'Visiteur ' || g, p, 'Douala', 'social',
                case when g <= 2 then 'confirmed' else 'waitlisted' end,
                case when g > 2 then nextval('private.reservation_queue') end
           from unnest($1::text[]) with ordinality u(p, g)
         returning id::text, pass_code, phone`,
        [phones],
      );
      const anon = backend.anonClient();
      const cancelled = rows[0].pass_code;
      const answers = await Promise.all([
        anon.rpc('cancel_reservation', { code: cancelled }),
        anon.rpc('cancel_reservation', { code: cancelled }),
      ]);
      expect(answers.map((a) => a.error)).toEqual([null, null]);
      await backend.sql(`select private.fill_places()`);
      const waitlisted = rows[2];
      expect(
        await outboxCount(`template = 'waitlist_offer' and reservation_id = '${waitlisted.id}'`),
      ).toBe(1);
      const [{ body }] = await backend.sql<{ body: string }>(
        `select body from outbox where template = 'waitlist_offer'`,
      );
      expect(body).toContain(`/pass/${waitlisted.pass_code}`);
      expect(body).toMatch(/^Bonne nouvelle : une place s'est libérée/);
      await Promise.all([runtime.run(), runtime.run()]);
      expect(mock.received.filter((m) => m.recipient === waitlisted.phone)).toHaveLength(1);
    } finally {
      await backend.setEdition({ capacity: 1500, overbooking_percent: 10 });
    }
  });

  it('a reminder batch sent twice at once queues and sends one reminder per pass', async () => {
    await backend.sql(`delete from reservations`);
    const phones = Array.from({ length: 25 }, () => newPhone());
    await backend.sql(
      `insert into reservations (full_name, phone, ville, heard_from)
       select 'Visiteur ' || p, p, 'Douala', 'social' from unnest($1::text[]) p`,
      [phones],
    );
    // Confirmed with the count the preview showed (docs/decisions/037-message-budgets.md).
    const [first, second] = await Promise.all([
      admin.rpc('admin_send_reminder', { channel: 'sms', confirm_messages: 25 }),
      admin.rpc('admin_send_reminder', { channel: 'sms', confirm_messages: 25 }),
    ]);
    expect([first.error, second.error]).toEqual([null, null]);
    expect(first.data.queued + second.data.queued).toBe(25);
    // Sent again later, by WhatsApp this time: still nothing twice.
    const again = await admin.rpc('admin_send_reminder', { channel: 'whatsapp' });
    expect(again.data.queued).toBe(0);
    expect(await outboxCount(`template = 'reminder'`)).toBe(25);
    const preview = await admin.rpc('admin_reminder_preview', { channel: 'sms' });
    expect(preview.data).toMatchObject({ recipients: 25, already_queued: 25, estimated_cost: 0 });
    await Promise.all([runtime.run(), runtime.run()]);
    expect(mock.received).toHaveLength(25);
    expect([...perRecipient().keys()].sort()).toEqual([...phones].sort());
    const journal = await backend.sql<{ n: number }>(
      `select count(*)::int n from audit_log where action = 'messages.reminder'`,
    );
    expect(journal[0].n).toBeGreaterThanOrEqual(3);
    // "pass" is the same word in the plural (issue 40: the journal read "passs").
    const summaries = await backend.sql<{ summary: string }>(
      `select summary from audit_log where action = 'messages.reminder' and summary like '%(SMS)'`,
    );
    const texts = summaries.map((r) => r.summary);
    expect(texts.filter((t) => t.includes('passs'))).toEqual([]);
    expect(texts.join('\n')).toMatch(/^Rappel mis en file pour (?:[2-9]|\d{2,}) pass \(SMS\)$/m);
  });

  it('a late or repeated result for a row changes nothing', async () => {
    const id = await queue('sms', newPhone());
    await runtime.run();
    const [{ state }] = await backend.sql<{ state: string | null }>(
      `select public.outbox_record($1::uuid, false, 'twilio', null, 'late') as state`,
      [id],
    );
    expect(state).toBeNull();
    expect(await outboxCount(`id = '${id}' and state = 'sent' and last_error is null`)).toBe(1);
  });
});
