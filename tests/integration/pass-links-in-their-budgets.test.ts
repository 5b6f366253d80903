/**
 * Every new reservation sends its pass's link (docs/decisions/039-one-answer-and-votes-that-
 * cannot-be-bought.md), so those links are budgeted like the rest of the messages
 * (docs/decisions/037-message-budgets.md): a new pass's link comes out of the public budget, not
 * the lost-pass one; a reservation made again and again with a phone that holds a pass sends no
 * more than "Retrouver mon pass" may (per phone, per hour and per Douala day); "Retrouver mon
 * pass" with a phone that holds nothing is counted as a wrong code, with the same answer.
 * Migration 20251128170000_pass_links_in_their_budgets.sql.
 */
import { describe, expect, it } from 'vitest';
import { backend, reservation, reserve, resetNightPartyBeforeEach } from './support/night-party';

resetNightPartyBeforeEach();

const poolsTo = (phone: string) =>
  backend.sql<{ pool: string }>(
    `select private.outbox_pool(template, dedupe_key) as pool from outbox
      where recipient = $1 order by created_at`,
    [phone],
  );

/** Lets the same phone ask again within the 10 minutes of the dedupe key's bucket. */
const forgetBucket = () =>
  backend.sql(
    `update outbox set dedupe_key = dedupe_key || ':' || id
      where template = 'pass_recovery' and dedupe_key like 'pass_recovery:%'`,
  );

describe('pass links in their budgets', () => {
  it('a new reservation’s link is the public budget’s; a lost pass’s the lost-pass budget’s', async () => {
    await backend.sql('delete from outbox');
    const holder = reservation();
    expect((await reserve(holder)).error).toBeNull();
    expect(await poolsTo(holder.phone)).toEqual([{ pool: 'public' }]);

    const pow = await backend.proofOfWork('recover');
    const { error } = await backend
      .anonClient()
      .rpc('recover_pass', { payload: { phone: holder.phone, pow } });
    expect(error).toBeNull();
    expect(await poolsTo(holder.phone)).toEqual([{ pool: 'public' }, { pool: 'recovery' }]);
  });

  it('reserving again and again with a holder’s phone sends no more than its daily share of lost passes', async () => {
    await backend.sql('delete from outbox');
    await backend.sql(
      'update message_settings set recovery_per_phone_hour = recovery_per_phone_day',
    );
    const [{ recovery_per_phone_day: perDay }] = await backend.sql<{
      recovery_per_phone_day: number;
    }>('select recovery_per_phone_day from message_settings');
    const holder = reservation();
    expect((await reserve(holder)).error).toBeNull();
    for (let i = 0; i < 8; i++) {
      await forgetBucket();
      const again = await reserve({ ...reservation(), phone: holder.phone });
      expect(again.error).toBeNull();
    }
    const sent = await backend.sql<{ n: number }>(
      `select count(*)::int as n from outbox where recipient = $1`,
      [holder.phone],
    );
    // Its own new pass's link, then lost-pass links up to the day's share (which counts it).
    expect(sent[0].n).toBe(perDay);
    const refused = await backend.sql<{ n: number }>(
      `select coalesce(sum(refused), 0)::int as n from private.outbox_refusals`,
    );
    expect(refused[0].n).toBe(8 - (perDay - 1));
  });

  it('“Retrouver mon pass” with a phone that holds nothing counts a wrong code, same answer', async () => {
    const count = async () =>
      (
        await backend.sql<{ n: number }>(
          `select count(*)::int as n from private.rate_hits where action = 'wrong_code'`,
        )
      )[0].n;
    const before = await count();
    const pow = await backend.proofOfWork('recover');
    const { data, error } = await backend
      .anonClient()
      .rpc('recover_pass', { payload: { phone: '699999999', pow } });
    expect(error).toBeNull();
    expect(data).toMatchObject({ ok: true });
    expect(await count()).toBe(before + 1);
  });
});
