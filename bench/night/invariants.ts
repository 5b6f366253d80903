/**
 * The night's invariants, checked in SQL after the rehearsal (bench/night/run.ts; the smoke test
 * tests/integration/night-rehearsal.test.ts): one entry per pass (double entries recorded, never
 * counted), one counted vote per pass and round holding the pass's last accepted vote, no
 * message sent twice, nothing lost (every queued message sent or still queued, every offline scan
 * synced). Each broken invariant is one line; none: the night held.
 */
import type pg from 'pg';

export type NightFacts = {
  /** Every confirmed pass that should have entered by the end (pre-entered and arrivals). */
  codes: string[];
  roundId: string;
  /** Per voter: the candidate of its last accepted tap (null: none accepted), its vote ids. */
  voters: { code: string; held: string | null; voteIds: string[] }[];
  /** Double entries door_sync answered (each must be one recorded row). */
  doubleEntriesAnswered: number;
  /** Offline scans still queued on a lane at the end. */
  scansLeftQueued: number;
  /** Provider requests received, by recipient and text (the mock's log). */
  providerMessages: { recipient: string; content: unknown }[];
  /** Holders whose cancellation the database confirmed. */
  cancelled: number;
  /** Whether the régie opened the round (no round, no vote to check). */
  roundOpened: boolean;
};

export type Invariant = { name: string; holds: boolean; detail: string };

async function one<T>(db: pg.Pool, sql: string, params: unknown[] = []): Promise<T> {
  return (await db.query(sql, params)).rows[0] as T;
}

export async function checkInvariants(db: pg.Pool, f: NightFacts): Promise<Invariant[]> {
  const out: Invariant[] = [];
  const add = (name: string, holds: boolean, detail: string) => out.push({ name, holds, detail });

  const entries = await one<{ entered: number; missing: number; doubles: number; bad: number }>(
    db,
    `select count(*) filter (where r.checked_in_at is not null)::int entered,
            count(*) filter (where r.checked_in_at is null)::int missing,
            (select count(*)::int from public.door_double_entries) doubles,
            (select count(*)::int from public.door_double_entries d
               join public.reservations x on x.id = d.reservation_id
              where x.checked_in_at is null) bad
       from public.reservations r where r.pass_code = any($1::text[])`,
    [f.codes],
  );
  add(
    'one entry per pass',
    entries.entered === f.codes.length && entries.missing === 0 && entries.bad === 0,
    `${entries.entered} of ${f.codes.length} passes entered once, ${entries.missing} missing`,
  );
  add(
    'double entries recorded, never counted',
    entries.doubles === f.doubleEntriesAnswered,
    `${entries.doubles} recorded, ${f.doubleEntriesAnswered} answered by door_sync`,
  );
  add(
    'every offline scan synced',
    f.scansLeftQueued === 0,
    `${f.scansLeftQueued} scans still queued on a lane`,
  );

  const votes = await one<{ rows: number; twice: number; wrong: number; receipts: number }>(
    db,
    `with v as (select * from jsonb_to_recordset($2::jsonb) as v(code text, held uuid)),
     held as (select r.id, v.held from v join public.reservations r on r.pass_code = v.code)
     select (select count(*)::int from public.votes where round_id = $1) rows,
            (select count(*)::int from (select 1 from public.votes where round_id = $1
               group by reservation_id having count(*) > 1) x) twice,
            (select count(*)::int from held h
               left join public.votes t on t.round_id = $1 and t.reservation_id = h.id
              where t.candidate_id is distinct from h.held) wrong,
            (select count(*)::int from private.vote_receipts
              where round_id = $1 and vote_id <> all($3::uuid[])) receipts`,
    [
      f.roundId,
      JSON.stringify(f.voters.map((v) => ({ code: v.code, held: v.held }))),
      f.voters.flatMap((v) => v.voteIds),
    ],
  );
  const voted = f.voters.filter((v) => v.held).length;
  add(
    'the round opened and took votes',
    f.roundOpened && (f.voters.length === 0 || voted > 0),
    `${f.roundOpened ? 'opened' : 'never opened'}, ${voted} of ${f.voters.length} voters counted`,
  );
  add(
    'one counted vote per pass per round',
    votes.twice === 0 && votes.rows === voted && votes.wrong === 0,
    `${votes.rows} votes counted for ${voted} passes with an accepted vote; ` +
      `${votes.wrong} passes not holding their last accepted vote`,
  );
  add(
    'no vote counted that no voter sent',
    votes.receipts === 0,
    `${votes.receipts} receipts of unknown vote ids`,
  );

  // A row left in 'sending' (a run the cut stopped) is due again 10 minutes later (outbox_claim):
  // still queued if its message never left, sent twice then if the provider already has it.
  const outbox = await one<{
    sent: number;
    queued: number;
    waiting: number;
    again: number;
    lost: number;
    offers: number;
  }>(
    db,
    `select count(*) filter (where state = 'sent')::int sent,
            count(*) filter (where state = 'queued')::int queued,
            count(*) filter (where state = 'sending'
                               and recipient <> all($1::text[]))::int waiting,
            count(*) filter (where state = 'sending' and recipient = any($1::text[]))::int again,
            count(*) filter (where state = 'failed')::int lost,
            count(*) filter (where template = 'waitlist_offer')::int offers
       from public.outbox`,
    [f.providerMessages.map((m) => m.recipient)],
  );
  const keys = f.providerMessages.map((m) => `${m.recipient} ${JSON.stringify(m.content)}`);
  const twice = keys.length - new Set(keys).size;
  add(
    'no message sent twice',
    twice === 0 && outbox.again === 0 && keys.length === outbox.sent,
    `${keys.length} provider requests for ${outbox.sent} rows sent, ${twice} repeated; ` +
      `${outbox.again} sent but unrecorded (would go again in 10 minutes)`,
  );
  add(
    'no message lost',
    outbox.lost === 0 && outbox.offers === f.cancelled,
    `${outbox.sent} sent, ${outbox.queued} queued, ${outbox.waiting} claimed before the cut ` +
      `and unsent (due again in 10 minutes), ${outbox.lost} failed; ` +
      `${outbox.offers} waitlist offers for ${f.cancelled} cancellations`,
  );
  return out;
}
