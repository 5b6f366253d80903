/**
 * The door admits only what it scanned (issue 38, docs/decisions/036-door-admits-what-it-scanned.md):
 * door_sync checks codes, never a bare list reference (except one this account's own phone
 * search returned minutes ago); a door account is held to a lane's pace, with an alert; one
 * double entry per pass and door per 5 minutes; scans that match nothing leave no row. Over
 * HTTP against real PostgreSQL, doors truly in parallel.
 */
import { describe, expect, it } from 'vitest';
import {
  backend,
  checkIn,
  doors,
  lastAuditId,
  auditSince,
  pass,
  signInFiveDoors,
} from './support/night-party-door';
import {
  ago,
  codeOf,
  refOf,
  scan,
  signInReaderAndAdmin,
  staff,
  sync,
} from './support/night-party-door-offline';

signInFiveDoors();
signInReaderAndAdmin('scanned');

/** Runs `body` with the lane limit raised, so what is checked is the rule, not the pace. */
async function wideLane(body: () => Promise<void>) {
  await backend.sql(
    'update private.door_settings set lane_per_minute = 1000, lane_per_10_minutes = 1000',
  );
  try {
    await body();
  } finally {
    await backend.sql(
      'update private.door_settings set lane_per_minute = 20, lane_per_10_minutes = 100',
    );
  }
}

const count = async (sql: string) => (await backend.sql<{ n: number }>(sql))[0].n;
const stored = async () => ({
  entries: await count('select count(*)::int n from reservations where checked_in_at is not null'),
  scans: await count('select count(*)::int n from private.door_sync_scans'),
  doubles: await count('select count(*)::int n from door_double_entries'),
});

describe('door_sync takes codes, not the list', () => {
  it('108 bare references from the door list in one call admit nobody and store nothing', () =>
    wideLane(async () => {
      const passes = await Promise.all(Array.from({ length: 108 }, () => pass()));
      const refs = await Promise.all(passes.map((p) => refOf(p.id)));
      const since = await lastAuditId();
      const results = await sync(
        doors[0],
        'Porte 1',
        refs.map((r) => scan(r, ago(60_000))),
      );
      expect(new Set(results.map((r) => r.verdict))).toEqual(new Set(['unknown']));
      expect(results.every((r) => r.first_name === null)).toBe(true);
      expect(await stored()).toEqual({ entries: 0, scans: 0, doubles: 0 });
      expect(await auditSince(since)).toEqual([]);
    }));

  it('takes a reference this account’s phone search returned minutes ago, not another account’s, not an old one', async () => {
    const [mine, theirs, old] = [await pass(), await pass(), await pass()];
    for (const p of [mine, theirs, old]) {
      const { error } = await doors[0].rpc('door_phone_search', {
        phone: p.phone,
        door: 'Porte 1',
      });
      expect(error).toBeNull();
    }
    await backend.sql(
      `update private.door_search_grants set granted_at = now() - interval '11 minutes'
        where reservation_id = $1`,
      [old.id],
    );
    const [other] = await sync(doors[1], 'Porte 2', [scan(await refOf(theirs.id), ago(1000))]);
    expect(other.verdict).toBe('unknown');
    const [late] = await sync(doors[0], 'Porte 1', [scan(await refOf(old.id), ago(1000))]);
    expect(late.verdict).toBe('unknown');
    // Sent with the phone typed (the page sends it for a phone search): the search is enough,
    // no second look-up is counted.
    const before = await lastAuditId();
    const [ok] = await sync(doors[0], 'Porte 1', [
      { ...scan(await refOf(mine.id), ago(1000)), phone: mine.phone },
    ]);
    expect(ok).toMatchObject({ verdict: 'validated', door: 'Porte 1' });
    expect((await auditSince(before)).map((r) => r.action)).toEqual(['reservation.check_in']);
    expect(await stored()).toEqual({ entries: 1, scans: 1, doubles: 0 });
  });

  it('takes a reference with the holder’s phone (an offline phone search) as a phone look-up, journaled', async () => {
    const p = await pass();
    const ref = await refOf(p.id);
    const since = await lastAuditId();
    const [wrong] = await sync(doors[2], 'Porte 3', [
      { ...scan(ref, ago(2000)), phone: '699999999' },
    ]);
    expect(wrong.verdict).toBe('unknown');
    const [right] = await sync(doors[2], 'Porte 3', [
      { ...scan(ref, ago(1000)), phone: `+237 ${p.phone}` },
    ]);
    expect(right.verdict).toBe('validated');
    const rows = await auditSince(since);
    expect(rows.map((r) => r.action)).toEqual([
      'door.lookup',
      'door.lookup',
      'reservation.check_in',
    ]);
    expect(rows[1].summary).toBe(
      `Recherche par téléphone 6•• •• •• ${p.phone.slice(-2)} à « Porte 3 » (hors ligne) : réservation trouvée`,
    );
  });

  it('200 invented references or codes leave no row: counted, not stored', () =>
    wideLane(async () => {
      const since = await lastAuditId();
      const invented = Array.from({ length: 200 }, (_, i) =>
        i % 2 === 0
          ? scan(
              Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64url'),
              ago(1000),
            )
          : scan(`ABCDE${String(10000 + i).replace(/[01]/g, '2')}`.slice(0, 10), ago(1000)),
      );
      const results = await sync(doors[3], 'Porte 4', invented);
      expect(new Set(results.map((r) => r.verdict))).toEqual(new Set(['unknown']));
      expect(await stored()).toEqual({ entries: 0, scans: 0, doubles: 0 });
      expect(await auditSince(since)).toEqual([]);
      expect(await count('select coalesce(sum(unmatched), 0)::int n from private.door_lane')).toBe(
        200,
      );
    }));
});

describe('double entries', () => {
  it('50 scans of one entered pass in one call leave one double entry per door per 5 minutes', () =>
    wideLane(async () => {
      const p = await pass();
      await checkIn(doors[0], p.pass_code, 'Porte 1');
      const since = await lastAuditId();
      const code = await codeOf(p.id);
      const results = await sync(
        doors[1],
        'Porte 2',
        Array.from({ length: 50 }, (_, i) => scan(code, ago(60_000 - i * 100))),
      );
      expect(new Set(results.map((r) => r.verdict))).toEqual(new Set(['double_entry']));
      expect((await stored()).doubles).toBe(1);
      expect((await auditSince(since)).map((r) => r.action)).toEqual(['reservation.double_entry']);
      // Another door, or the same door 6 minutes later: recorded.
      await sync(doors[2], 'Porte 3', [scan(code, ago(60_000))]);
      await sync(doors[1], 'Porte 2', [scan(code, new Date().toISOString())]);
      expect((await stored()).doubles).toBe(2);
      await backend.sql(
        `update door_double_entries set second_at = second_at - interval '6 minutes'`,
      );
      await sync(doors[1], 'Porte 2', [scan(code, new Date().toISOString())]);
      expect((await stored()).doubles).toBe(3);
    }));

  it('five doors syncing the same pass truly at once admit it once, one double entry kept per door', async () => {
    const p = await pass();
    const code = await codeOf(p.id);
    // Three accounts at « Porte 1 », two at « Porte 2 », every request at the same moment.
    const answers = await Promise.all(
      doors.map((d, i) => sync(d, i < 3 ? 'Porte 1' : 'Porte 2', [scan(code, ago(30_000))])),
    );
    const verdicts = answers.map(([r]) => r.verdict).sort();
    expect(verdicts).toEqual([...Array(4).fill('double_entry'), 'validated']);
    expect(await stored()).toEqual({ entries: 1, scans: 3, doubles: 2 });
    expect(
      await backend.sql('select second_door from door_double_entries order by second_door'),
    ).toEqual([{ second_door: 'Porte 1' }, { second_door: 'Porte 2' }]);
  });
});

describe('a door account’s lane', () => {
  it('refuses a burst past a lane’s pace, records nothing for it and raises an alert for the administration', async () => {
    const passes = await Promise.all(Array.from({ length: 30 }, () => pass()));
    const codes = await Promise.all(passes.map((p) => codeOf(p.id)));
    const at = new Date().toISOString();
    const results = await sync(
      doors[4],
      'Porte 5',
      codes.map((c) => scan(c, at)),
    );
    expect(results.filter((r) => r.verdict === 'validated')).toHaveLength(20);
    expect(results.slice(20).map((r) => r.verdict)).toEqual(Array(10).fill('limited'));
    expect((await stored()).entries).toBe(20);
    // Online as well: check_in is refused in French, 429.
    const online = await doors[4].rpc('check_in', {
      code: codes[25],
      door: 'Porte 5',
      scan_id: crypto.randomUUID(),
    });
    expect(online).toMatchObject({ status: 429, error: { hint: 'door_lane_limited' } });
    expect(online.error?.message).toMatch(/^Trop de contrôles depuis ce compte/);
    // The alert: one row for the account, how many were refused.
    const { data: forAdmin, error } = await staff.admin.rpc('door_lane_alerts_list');
    expect(error).toBeNull();
    expect(forAdmin).toEqual([
      {
        id: expect.any(Number),
        door: 'Porte 5',
        account: 'porte5@example.cm',
        first_at: expect.any(String),
        last_at: expect.any(String),
        refused: 11,
        admitted_unknown: 0,
      },
    ]);
    const { data: forReader } = await staff.lecteur.rpc('door_lane_alerts_list');
    expect(forReader).toEqual([{ ...(forAdmin as object[])[0], account: null }]);
    for (const c of [backend.anonClient(), doors[0]]) {
      expect((await c.rpc('door_lane_alerts_list')).error?.code).toBe('42501');
    }
    // Ten minutes later in scan time, the lane has room again (a queue sent after a cut).
    const [later] = await sync(doors[4], 'Porte 5', [scan(codes[29], ago(11 * 60_000))]);
    expect(later.verdict).toBe('validated');
  });

  it('two requests of one account at once share the lane: never more than its minute allows', async () => {
    const passes = await Promise.all(Array.from({ length: 30 }, () => pass()));
    const codes = await Promise.all(passes.map((p) => codeOf(p.id)));
    const at = new Date().toISOString();
    const [a, b] = await Promise.all([
      sync(
        doors[3],
        'Porte 4',
        codes.slice(0, 15).map((c) => scan(c, at)),
      ),
      sync(
        doors[3],
        'Porte 4',
        codes.slice(15).map((c) => scan(c, at)),
      ),
    ]);
    expect([...a, ...b].filter((r) => r.verdict === 'validated')).toHaveLength(20);
    expect((await stored()).entries).toBe(20);
  });
});
