/**
 * The door's queue and its reconciliation (issue 31, docs/decisions/032-offline-door.md): scans
 * judged offline reach the database through door_sync, several doors truly at once, over HTTP
 * against real PostgreSQL, and the double entries as the administration reads them. The phone
 * search and the per-door counts: night-party-door-phone-search.test.ts.
 * Shared doors, passes and journal reads: support/night-party-door.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  backend,
  doors,
  doorIds,
  signInFiveDoors,
  pass,
  checkIn,
  auditSince,
  lastAuditId,
} from './support/night-party-door';
import {
  ago,
  refOf,
  codeOf,
  scan,
  signInReaderAndAdmin,
  staff,
  sync,
} from './support/night-party-door-offline';

signInFiveDoors();
signInReaderAndAdmin('sync');

describe('door_sync', () => {
  it('admits a pass at the time of its scan, once: a retry answers the same and stores nothing', async () => {
    const p = await pass('confirmed', 'Awa Ngono Mballa');
    const at = ago(5 * 60_000);
    const s = scan(await codeOf(p.id), at);
    const since = await lastAuditId();
    const [first] = await sync(doors[0], 'Porte 1', [s]);
    expect(first).toEqual({
      scan_id: s.scan_id,
      verdict: 'validated',
      double_entry: false,
      first_name: 'Awa',
      last_initial: 'M',
      masked_phone: `6•• •• •• ${p.phone.slice(-2)}`,
      checked_in_at: expect.any(String),
      door: 'Porte 1',
      by_hand: false,
      position: null,
    });
    expect(new Date(first.checked_in_at!).getTime()).toBe(new Date(at).getTime());
    // The same scan again, from another door's retry of a batch: the same answer.
    expect(await sync(doors[0], 'Porte 1', [s, s])).toEqual([first, first]);
    const rows = await auditSince(since);
    expect(rows).toEqual([
      expect.objectContaining({
        actor: doorIds[0],
        action: 'reservation.check_in',
        entity_id: p.id,
        summary: 'Entrée validée à « Porte 1 » (hors ligne)',
      }),
    ]);
    expect(
      await backend.sql(
        `select checked_in_door, check_in_scan_id::text s, checked_in_by::text b from reservations where id = $1`,
        [p.id],
      ),
    ).toEqual([{ checked_in_door: 'Porte 1', s: s.scan_id, b: doorIds[0] }]);
  });

  it('never stores a scan time in the future, nor before the door opened', async () => {
    const [a, b] = [await pass(), await pass()];
    const before = Date.now();
    const [future] = await sync(doors[0], 'Porte 1', [
      scan(await codeOf(a.id), new Date(Date.now() + 3_600_000).toISOString()),
    ]);
    expect(new Date(future.checked_in_at!).getTime()).toBeLessThanOrEqual(Date.now());
    expect(new Date(future.checked_in_at!).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const [old] = await sync(doors[0], 'Porte 1', [
      scan(await codeOf(b.id), '2020-01-01T00:00:00Z'),
    ]);
    const [{ opens }] = await backend.sql<{ opens: string }>(
      `select (private.door_window() ->> 'opens_at') opens`,
    );
    expect(new Date(old.checked_in_at!).getTime()).toBe(new Date(opens).getTime());
  });

  it('two doors that admitted the same passes offline, sent at once: one entry each, the rest recorded double entries', async () => {
    const passes = await Promise.all(Array.from({ length: 20 }, () => pass()));
    const codes = await Promise.all(passes.map((p) => codeOf(p.id)));
    const one = codes.map((c, i) => scan(c, ago(10 * 60_000 - i * 1000)));
    const two = codes.map((c, i) => scan(c, ago(9 * 60_000 - i * 1000))).reverse();
    const [r1, r2] = await Promise.all([
      sync(doors[0], 'Porte 1', one),
      sync(doors[1], 'Porte 2', two),
    ]);
    const all = [...r1, ...r2];
    expect(all.filter((r) => r.verdict === 'validated')).toHaveLength(20);
    expect(all.filter((r) => r.verdict === 'double_entry')).toHaveLength(20);
    expect(all.every((r) => r.double_entry === (r.verdict === 'double_entry'))).toBe(true);
    const [counts] = await backend.sql<{ entries: number; doubles: number; pairs: number }>(
      `select (select count(*)::int from reservations where checked_in_at is not null) entries,
              (select count(*)::int from door_double_entries) doubles,
              (select count(distinct reservation_id)::int from door_double_entries) pairs`,
    );
    expect(counts).toEqual({ entries: 20, doubles: 20, pairs: 20 });
    // Each double entry: both doors and both times; the first is the entry.
    const doubles = await backend.sql<{ ok: boolean }>(
      `select d.first_door = r.checked_in_door and d.first_at = r.checked_in_at
              and d.second_door <> d.first_door and d.second_door in ('Porte 1', 'Porte 2') ok
         from door_double_entries d join reservations r on r.id = d.reservation_id`,
    );
    expect(doubles.every((d) => d.ok)).toBe(true);
    // Sent again (a retry after a lost answer): nothing more.
    await Promise.all([sync(doors[0], 'Porte 1', one), sync(doors[1], 'Porte 2', two)]);
    const [again] = await backend.sql<{ n: number }>(
      'select count(*)::int n from door_double_entries',
    );
    expect(again.n).toBe(20);
  });

  it('records a double entry with both doors and times, journaled, shown to admins and readers', async () => {
    const p = await pass('confirmed', 'Brice Tchoumi Essomba');
    const code = await codeOf(p.id);
    const first = ago(4 * 60_000);
    const second = ago(3 * 60_000);
    await sync(doors[0], 'Porte 1', [scan(code, first)]);
    const since = await lastAuditId();
    const s = scan(code, second);
    const [dbl] = await sync(doors[2], 'Porte 3', [s]);
    expect(dbl).toMatchObject({ verdict: 'double_entry', double_entry: true, door: 'Porte 1' });
    expect(new Date(dbl.checked_in_at!).getTime()).toBe(new Date(first).getTime());
    const rows = await auditSince(since);
    expect(rows).toEqual([
      expect.objectContaining({
        actor: doorIds[2],
        action: 'reservation.double_entry',
        entity_id: p.id,
      }),
    ]);
    expect(rows[0].summary).toMatch(
      /^Double entrée : admis hors ligne à « Porte 3 » le .+, déjà entré à « Porte 1 » le .+$/,
    );

    const { data: forAdmin, error } = await staff.admin.rpc('door_double_entries_list');
    expect(error).toBeNull();
    expect(forAdmin).toEqual([
      {
        id: expect.any(Number),
        reservation_id: p.id,
        full_name: 'Brice Tchoumi Essomba',
        masked_phone: `6•• •• •• ${p.phone.slice(-2)}`,
        first_door: 'Porte 1',
        first_at: expect.any(String),
        second_door: 'Porte 3',
        second_at: expect.any(String),
        recorded_at: expect.any(String),
      },
    ]);
    const { data: forReader } = await staff.lecteur.rpc('door_double_entries_list');
    const [directoryId] = await backend.sql<{ id: string }>(
      'select private.reservation_directory_id($1)::text id',
      [p.id],
    );
    expect(forReader).toEqual([
      { ...(forAdmin as object[])[0], reservation_id: directoryId.id, full_name: 'Brice E.' },
    ]);
    expect(JSON.stringify(forReader)).not.toContain(p.id);
    for (const c of [backend.anonClient(), doors[0]]) {
      expect((await c.rpc('door_double_entries_list')).error?.code).toBe('42501');
    }
  });

  it('never turns a refusal shown offline into an entry; unknown, waitlisted and cancelled passes say so', async () => {
    const refused = await pass();
    const waiting = await pass('waitlisted');
    const gone = await pass('cancelled');
    const entered = await pass();
    await checkIn(doors[1], entered.pass_code, 'Porte 2');
    const results = await sync(doors[0], 'Porte 1', [
      scan(await codeOf(refused.id), ago(60_000), 'already'),
      scan(await codeOf(waiting.id), ago(60_000)),
      scan(await codeOf(gone.id), ago(60_000)),
      scan('AAAAAAAAAAAAAAAAAAAAAA', ago(60_000), 'unknown'),
      scan(await codeOf(entered.id), ago(60_000), 'already'),
      // No verdict shown (queued while the network failed), typed by code: admitted if it may.
      {
        scan_id: crypto.randomUUID(),
        code: refused.pass_code.toLowerCase(),
        scanned_at: ago(1000),
      },
    ]);
    expect(results.map((r) => r.verdict)).toEqual([
      'not_entered',
      'waitlisted',
      'cancelled',
      'unknown',
      'already',
      'validated',
    ]);
    expect(results[1].position).toBe(1);
    const [{ n }] = await backend.sql<{ n: number }>(
      'select count(*)::int n from door_double_entries',
    );
    expect(n).toBe(0);
  });

  it('refuses a malformed queue in French and stores nothing', async () => {
    const p = await pass();
    const ref = await refOf(p.id);
    const since = await lastAuditId();
    for (const scans of [
      [],
      Array.from({ length: 201 }, () => scan(ref, ago(1000))),
      [{ ...scan(ref, ago(1000)), scan_id: 'pas-un-uuid' }],
      [{ ...scan(ref, ago(1000)), scanned_at: 'hier soir' }],
      [{ ...scan(ref, ago(1000)), code: p.pass_code }],
      [{ ...scan(ref, ago(1000)), offline_verdict: 'ok' }],
      [{ scan_id: crypto.randomUUID(), scanned_at: ago(1000) }],
      'pas une liste',
    ]) {
      const { error } = await doors[0].rpc('door_sync', { door: 'Porte 1', scans });
      expect(error, JSON.stringify(scans).slice(0, 80)).toMatchObject({
        code: '22023',
        hint: 'invalid_field',
        details: 'scans',
      });
    }
    expect(await auditSince(since)).toEqual([]);
    expect(await backend.sql('select checked_in_at from reservations')).toEqual([
      { checked_in_at: null },
    ]);
    expect(
      (await backend.anonClient().rpc('door_sync', { door: 'Porte 1', scans: [] })).error?.code,
    ).toBe('42501');
    expect(
      (await staff.lecteur.rpc('door_sync', { door: 'Porte 1', scans: [scan(ref, ago(1))] })).error
        ?.code,
    ).toBe('42501');
  });
});
