/**
 * The offline door's list on the phone (issue 31, docs/decisions/032-offline-door.md): the door
 * reference computed with WebCrypto equals HMAC-SHA256 computed with node:crypto (and a vector
 * written down once), the verdicts judged from the list alone, the downloads (full, delta,
 * removed passes), the phone search by four digits, and the queue's batches for door_sync.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { doorRefOf, importDoorKey } from '@/data/door/door-ref';
import { maskedPhoneOf, toDoorList } from '@/data/door/door-list';
import { SYNC_BATCH_MAX } from '@/data/door/door-sync';
import {
  applyDownload,
  judgeFromList,
  matchesFromList,
  withOwnEntry,
} from '@/features/door/list/door-list';
import { syncBatches, toSentScan, toSyncScan } from '@/features/door/list/sync-results';
import type { QueuedScan } from '@/features/door/scan-queue';
import { queueScan, queuedScans, removeQueuedScan } from '@/features/door/scan-queue';

// Key bytes 0, 1, …, 31; the references below were computed once with node:crypto's createHmac.
const KEY = 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8';
const VECTORS = [
  ['ABCDE23456', '-jXkXSxc4o_qij8JCLDItg'],
  ['FETE234567', 'BoJ9rzCmWHIxIRoJ1Yfkbw'],
] as const;

const nodeRef = (key: Buffer, code: string) =>
  createHmac('sha256', key).update(code).digest().subarray(0, 16).toString('base64url');

describe('the door reference (HMAC-SHA256 of the normalised code, 16 bytes, base64url)', () => {
  it('equals the vectors computed with node:crypto', async () => {
    const key = await importDoorKey(KEY);
    for (const [code, ref] of VECTORS) expect(await doorRefOf(key, code)).toBe(ref);
  });

  it('equals node:crypto for random keys and codes, 22 characters, no padding', async () => {
    for (let i = 0; i < 20; i++) {
      const raw = randomBytes(32);
      const code = randomBytes(10).toString('hex').slice(0, 10).toUpperCase();
      const ref = await doorRefOf(await importDoorKey(raw.toString('base64url')), code);
      expect(ref).toBe(nodeRef(raw, code));
      expect(ref).toMatch(/^[A-Za-z0-9_-]{22}$/);
    }
  });
});

// [ref, first_name, initial, last4, state, position, entered_at, door, by_hand], as door_list.
const ROWS = [
  ['r-valid', 'Awa', 'N', '3456', 'c', null, null, null, false],
  ['r-in', 'Paul', 'M', '1111', 'c', null, '2026-12-19T19:10:00Z', 'Porte 2', false],
  ['r-hand', 'Rose', null, '2222', 'c', null, '2026-12-19T19:12:00Z', null, true],
  ['r-wait', 'Ines', 'T', '3456', 'w', 4, null, null, false],
  ['r-gone', 'Marc', 'B', '9999', 'x', null, null, null, false],
];
const full = (rows: unknown[] = ROWS) =>
  toDoorList({ full: true, version: 10, key: KEY, passes: rows, server_now: 'x' });
const listOf = (rows: unknown[] = ROWS) => applyDownload(null, full(rows), '2026-12-19T19:30:00Z')!;

describe('a verdict from the list alone', () => {
  const list = listOf();
  it('valid: a confirmed pass that has not entered, with who it is', () => {
    expect(judgeFromList(list, 'r-valid')).toMatchObject({
      verdict: 'validated',
      firstName: 'Awa',
      lastInitial: 'N',
      maskedPhone: '••• •• 34 56',
    });
  });

  it('already in: at another door, or by hand, as of the last sync', () => {
    expect(judgeFromList(list, 'r-in')).toMatchObject({
      verdict: 'already',
      checkedInAt: '2026-12-19T19:10:00Z',
      door: 'Porte 2',
    });
    expect(judgeFromList(list, 'r-hand')).toMatchObject({ verdict: 'already', byHand: true });
  });

  it('already in: admitted offline by this phone since the last sync', () => {
    const after = withOwnEntry(list, 'r-valid', { at: '2026-12-19T19:31:00Z', door: 'Porte 1' });
    expect(judgeFromList(after, 'r-valid')).toMatchObject({
      verdict: 'already',
      checkedInAt: '2026-12-19T19:31:00Z',
      door: 'Porte 1',
    });
    expect(judgeFromList(list, 'r-valid').verdict).toBe('validated'); // the list is not changed
  });

  it('unknown, waitlisted with its position, cancelled', () => {
    expect(judgeFromList(list, 'nope')).toMatchObject({ verdict: 'unknown', firstName: null });
    expect(judgeFromList(list, 'r-wait')).toMatchObject({ verdict: 'waitlisted', position: 4 });
    expect(judgeFromList(list, 'r-gone').verdict).toBe('cancelled');
  });

  it('answers from a list of 5,000 passes in well under 50 ms', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => [`ref${i}`, 'A', 'B', '0000', 'c']);
    const big = listOf(rows);
    const key = await importDoorKey(KEY);
    const started = performance.now();
    const ref = await doorRefOf(key, 'ABCDE23456');
    judgeFromList(big, ref);
    expect(performance.now() - started).toBeLessThan(50);
  });
});

describe('downloads', () => {
  it('a delta updates the passes it names, removes the removed, keeps the key', () => {
    const list = withOwnEntry(listOf(), 'r-valid', { at: 't', door: 'Porte 1' });
    const delta = toDoorList({
      full: false,
      version: 11,
      passes: [
        ['r-valid', 'Awa', 'N', '3456', 'c', null, '2026-12-19T19:31:00Z', 'Porte 1', false],
      ],
      removed: ['r-gone'],
    });
    const next = applyDownload(list, delta, 'later')!;
    expect(next.version).toBe(11);
    expect(next.key).toBe(KEY);
    expect(next.passes.has('r-gone')).toBe(false);
    expect(next.passes.size).toBe(4);
    // The database has the entry now: this phone's own record of it is dropped.
    expect(next.own.size).toBe(0);
    expect(judgeFromList(next, 'r-valid').verdict).toBe('already');
  });

  it('a delta without a list, or a full list without a key, is not applied', () => {
    const none = { version: 1, passes: [] };
    expect(applyDownload(null, toDoorList({ ...none, full: false }), 't')).toBeNull();
    expect(applyDownload(null, toDoorList({ ...none, full: true }), 't')).toBeNull();
  });
});

describe('the phone search', () => {
  it('offline: by the last four digits, several matches, each masked', () => {
    const matches = matchesFromList(listOf(), '3456');
    expect(matches.map((m) => m.firstName)).toEqual(['Awa', 'Ines']);
    expect(matches[0].maskedPhone).toBe('••• •• 34 56');
  });

  it('masks all but the last four digits', () => {
    expect(maskedPhoneOf('3456')).toBe('••• •• 34 56');
  });
});

describe('the queue', () => {
  const scan = (id: string, door = 'Porte 1', extra: Partial<QueuedScan> = {}): QueuedScan => ({
    scanId: id,
    kind: 'code',
    value: 'ABCDE23456',
    door,
    queuedAt: 1,
    ...extra,
  });

  it('sends a code, or the reference of a phone search, with the time of the scan', () => {
    expect(toSyncScan(scan('a', 'P', { scannedAt: 'T', offlineVerdict: 'validated' }))).toEqual({
      scanId: 'a',
      code: 'ABCDE23456',
      scannedAt: 'T',
      offlineVerdict: 'valid',
    });
    expect(toSyncScan(scan('b', 'P', { kind: 'phone', value: '3456', ref: 'r' }))).toEqual({
      scanId: 'b',
      ref: 'r',
      scannedAt: new Date(1).toISOString(),
      offlineVerdict: null,
    });
  });

  it('groups per door in batches of at most 200, oldest first', () => {
    const scans = [...Array.from({ length: 250 }, (_, i) => scan(`a${i}`)), scan('b', 'Porte 2')];
    const batches = syncBatches(scans);
    expect(batches.map((b) => [b.door, b.scans.length])).toEqual([
      ['Porte 1', SYNC_BATCH_MAX],
      ['Porte 1', 50],
      ['Porte 2', 1],
    ]);
  });

  it('shows door_sync’s answers: a double entry is "already in" and flagged', () => {
    const answer = {
      scanId: 'a',
      firstName: 'Awa',
      lastInitial: 'N',
      maskedPhone: null,
      checkedInAt: 'T0',
      door: 'Porte 2',
      byHand: false,
      position: null,
    };
    const q = scan('a');
    expect(toSentScan(q, { ...answer, verdict: 'validated', doubleEntry: false })).toMatchObject({
      answer: { verdict: 'validated' },
      doubleEntry: false,
    });
    expect(toSentScan(q, { ...answer, verdict: 'double_entry', doubleEntry: true })).toMatchObject({
      answer: { verdict: 'already', door: 'Porte 2' },
      doubleEntry: true,
    });
    expect(toSentScan(q, { ...answer, verdict: 'not_entered', doubleEntry: false })).toEqual({
      scan: q,
      message: expect.stringMatching(/^Pas enregistré/),
    });
  });

  it('keeps queued scans in order until removed (memory without IndexedDB)', async () => {
    await queueScan({ scanId: 'q1', kind: 'code', value: 'X', door: 'P' }, { scannedAt: 'T' });
    await queueScan({ scanId: 'q2', kind: 'code', value: 'Y', door: 'P' });
    expect((await queuedScans()).map((s) => [s.scanId, s.scannedAt])).toEqual([
      ['q1', 'T'],
      ['q2', undefined],
    ]);
    await removeQueuedScan('q1');
    expect((await queuedScans()).map((s) => s.scanId)).toEqual(['q2']);
  });
});
