/**
 * Messages by priority, with budgets (docs/decisions/037-message-budgets.md), through real
 * PostgreSQL, the send-messages Edge Function under Deno and the mock providers: a flood of what
 * the public can trigger (registration confirmations, "Retrouver mon pass") leaves the reserve
 * untouched, a real lost pass is still sent; one phone gets at most its share of lost passes,
 * the asks beyond answered as usual and counted.
 */
import { afterEach, describe, expect, it } from 'vitest';
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
  const { data, error } = await backend
    .anonClient()
    .rpc('recover_pass', { payload: { phone, pow } });
  expect(error).toBeNull();
  expect(data).toEqual(ANSWER);
}

/** Lets the same phone ask again within the 10 minutes of the dedupe key's bucket. */
const forgetBucket = () =>
  backend.sql(
    `update outbox set dedupe_key = dedupe_key || ':' || id where template = 'pass_recovery'`,
  );

async function reserve(phone: string) {
  await backend.sql(
    `insert into reservations (full_name, phone, ville, heard_from)
     values ('Awa Nkomo', $1, 'Douala', 'social')`,
    [phone],
  );
}

const count = async (where: string) =>
  (await backend.sql<{ n: number }>(`select count(*)::int n from outbox where ${where}`))[0].n;

afterEach(async () => {
  await backend.sql(`update message_settings set daily_cap = 1000, public_daily_cap = 300,
    recovery_daily_cap = 100, recovery_per_phone_day = 3, recovery_per_phone_hour = 2;
    delete from private.outbox_refusals; delete from reservations`);
});

describe('budgets', () => {
  it('a public flood leaves the reserve untouched; a lost pass and a waitlist offer are still sent', async () => {
    // 20 a day: 5 for the public, 5 for lost passes, a reserve of 10.
    await backend.sql(`update message_settings set daily_cap = 20, public_daily_cap = 5,
      recovery_daily_cap = 5, recovery_per_phone_day = 3, recovery_per_phone_hour = 3`);
    // The flood: 30 registrations' confirmations, and a stranger asking the pass of one phone
    // (a reservation made with the target's number) again and again.
    for (let i = 0; i < 30; i++)
      await queue('email', `inscrit${i}.${newPhone()}@example.cm`, 'registration_confirmation', {
        first_name: 'Awa',
        category: 'danse',
        site: 'http://localhost:5173',
      });
    const target = newPhone();
    await reserve(target);
    for (let i = 0; i < 8; i++) {
      await recover(target);
      await forgetBucket();
    }
    await runtime.run();
    expect(mock.received.filter((m) => m.provider === 'emailjs')).toHaveLength(5);
    expect(mock.received.filter((m) => m.recipient === target)).toHaveLength(3);
    const before = (await admin.rpc('outbox_budgets')).data;
    expect(before.budgets).toEqual([
      { pool: 'reserve', size: 10, used: 0, queued: 0 },
      { pool: 'recovery', size: 5, used: 3, queued: 0 },
      { pool: 'public', size: 5, used: 5, queued: 25 },
    ]);
    expect(before.refused_recoveries).toBe(5);

    // A real visitor who lost a pass, and a waitlist offer (the reserve), still go out today.
    const lost = newPhone();
    await reserve(lost);
    await recover(lost);
    const offered = newPhone();
    await queue('sms', offered, 'waitlist_offer', {
      when: 'samedi 26 avril à 16 h',
      link: 'http://localhost:5173/pass/ABCDEFGHJK',
    });
    await runtime.run();
    expect(mock.received.filter((m) => m.recipient === lost)).toHaveLength(1);
    expect(mock.received.filter((m) => m.recipient === offered)).toHaveLength(1);
    // The public's messages past their budget wait for tomorrow.
    expect(await count(`template = 'registration_confirmation' and state = 'queued'`)).toBe(25);
  });

  it('three runs at once hand out no more than a budget', async () => {
    await backend.sql(`update message_settings set daily_cap = 40, public_daily_cap = 7,
      recovery_daily_cap = 3`);
    for (let i = 0; i < 20; i++)
      await queue('sms', newPhone(), 'registration_confirmation', {
        first_name: 'Awa',
        category: 'danse',
        site: 'http://localhost:5173',
      });
    for (let i = 0; i < 6; i++) await queue('sms', newPhone(), 'pass_recovery');
    const runs = await Promise.all([runtime.run(), runtime.run(), runtime.run()]);
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(10);
    expect(await count(`template = 'registration_confirmation' and state = 'sent'`)).toBe(7);
    expect(await count(`template = 'pass_recovery' and state = 'sent'`)).toBe(3);
  });

  it('one phone gets at most recovery_per_phone_day lost passes a day, the rest counted', async () => {
    await backend.sql(
      `update message_settings set recovery_per_phone_day = 3, recovery_per_phone_hour = 3`,
    );
    const phone = newPhone();
    await reserve(phone);
    for (let i = 0; i < 6; i++) {
      await recover(phone);
      await forgetBucket();
    }
    expect(await count(`template = 'pass_recovery' and recipient = '${phone}'`)).toBe(3);
    const refusals = await backend.sql<{ reason: string; refused: number }>(
      `select reason, refused from private.outbox_refusals`,
    );
    expect(refusals).toEqual([{ reason: 'recovery_phone_day', refused: 3 }]);
  });

  it('and at most recovery_per_phone_hour in an hour', async () => {
    const phone = newPhone();
    await reserve(phone);
    for (let i = 0; i < 3; i++) {
      await recover(phone);
      await forgetBucket();
    }
    expect(await count(`template = 'pass_recovery' and recipient = '${phone}'`)).toBe(2);
    const refusals = await backend.sql<{ reason: string; refused: number }>(
      `select reason, refused from private.outbox_refusals`,
    );
    expect(refusals).toEqual([{ reason: 'recovery_phone_hour', refused: 1 }]);
  });

  it('the budgets are settings: refused in French when they leave no reserve', async () => {
    const { error } = await admin.rpc('admin_update_message_settings', {
      payload: { public_daily_cap: 900, recovery_daily_cap: 100 },
    });
    expect(error).toMatchObject({
      hint: 'invalid_field',
      details: 'recovery_daily_cap',
      message:
        'Le budget public et celui des pass perdus doivent laisser une réserve dans le plafond quotidien.',
    });
    const saved = await admin.rpc('admin_update_message_settings', {
      payload: { public_daily_cap: 200, recovery_per_phone_day: 4 },
    });
    expect(saved.error).toBeNull();
    expect(saved.data).toMatchObject({ public_daily_cap: 200, recovery_per_phone_day: 4 });
  });
});
