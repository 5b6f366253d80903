/**
 * The offline door's list on the phone (issue 31, docs/decisions/032-offline-door.md): the check
 * of a code derived with WebCrypto equals the first 3 bytes of PBKDF2-HMAC-SHA256 computed with
 * node:crypto (and a vector written down once), a QR token's equals SHA-256 (ADR 042), the
 * verdicts judged from the list alone, the downloads (full, delta, removed passes), the phone
 * search by four digits, and the queue's batches for door_sync.
 */
import { createHash, pbkdf2Sync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { doorCheckOf, tokenCheckOf } from '@/data/door/door-ref';
import { passCodeOf, qrTokenOf, withQrToken } from '@/lib/pass-code';
import { maskedPhoneOf, toDoorList } from '@/data/door/door-list';
import { SYNC_BATCH_MAX } from '@/data/door/door-sync';
import {
  applyDownload,
  judgeFromList,
  matchesFromList,
  refOfTokenCheck,
  refsOfCheck,
  withOwnEntry,
} from '@/features/door/list/door-list';
import { syncBatches, toSentScan, toSyncScan } from '@/features/door/list/sync-results';
import type { QueuedScan } from '@/features/door/scan-queue';
import { queueScan, queuedScans, removeQueuedScan } from '@/features/door/scan-queue';

// Salt bytes 0, 1, …, 15, 60,000 iterations (the database's default), 3 bytes kept; the checks
// below are the first 3 bytes of what node:crypto's pbkdf2Sync computed once.
const DERIVATION = { salt: 'AAECAwQFBgcICQoLDA0ODw', iterations: 60_000, checkBytes: 3 };
const VECTORS = [
  ['ABCDE23456', '5n2G'],
  ['FETE234567', 'UqBZ'],
] as const;
const TOKEN = 'q0nM3J6x0aVv2f8Yk1B7Zw';
const tokenCheck = (token: string) =>
  createHash('sha256')
    .update(Buffer.concat([Buffer.from(DERIVATION.salt, 'base64url'), Buffer.from(token)]))
    .digest()
    .subarray(0, 16)
    .toString('base64url');

describe('the door check (PBKDF2-HMAC-SHA256 of the normalised code, 3 bytes, base64url)', () => {
  it('equals the vectors computed with node:crypto', async () => {
    for (const [code, check] of VECTORS) expect(await doorCheckOf(DERIVATION, code)).toBe(check);
  });

  it('equals node:crypto for random salts and codes, 4 characters (24 bits), no padding', async () => {
    for (let i = 0; i < 10; i++) {
      const salt = randomBytes(16);
      const code = randomBytes(10).toString('hex').slice(0, 10).toUpperCase();
      const derivation = { salt: salt.toString('base64url'), iterations: 1000, checkBytes: 3 };
      const check = await doorCheckOf(derivation, code);
      expect(check).toBe(pbkdf2Sync(code, salt, 1000, 3, 'sha256').toString('base64url'));
      expect(check).toMatch(/^[A-Za-z0-9_-]{4}$/);
    }
  });

  it('a QR token’s check is SHA-256(salt || token), 16 bytes, as private.door_token_check', async () => {
    expect(await tokenCheckOf(DERIVATION, TOKEN)).toBe(tokenCheck(TOKEN));
    expect(tokenCheck(TOKEN)).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});

// [ref, first_name, initial, last4, state, position, entered_at, door, by_hand, check,
// token_check], as door_list.
const ROWS = [
  ['r-valid', 'Awa', 'N', '3456', 'c', null, null, null, false, VECTORS[0][1], tokenCheck(TOKEN)],
  ['r-in', 'Paul', 'M', '1111', 'c', null, '2026-12-19T19:10:00Z', 'Porte 2', false],
  ['r-hand', 'Rose', null, '2222', 'c', null, '2026-12-19T19:12:00Z', null, true],
  ['r-wait', 'Ines', 'T', '3456', 'w', 4, null, null, false],
  ['r-gone', 'Marc', 'B', '9999', 'x', null, null, null, false],
];
const full = (rows: unknown[] = ROWS) =>
  toDoorList({
    full: true,
    version: 10,
    salt: DERIVATION.salt,
    iterations: DERIVATION.iterations,
    check_bytes: DERIVATION.checkBytes,
    passes: rows,
    server_now: 'x',
  });
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

  it('answers a scanned code from a list of 5,000 passes, 60,000 iterations', async () => {
    const rows: unknown[][] = Array.from({ length: 5000 }, (_, i) => [
      `ref${i}`,
      'A',
      'B',
      '0000',
      'c',
    ]);
    rows.push(['r-scanned', 'Awa', 'N', '3456', 'c', null, null, null, false, VECTORS[0][1]]);
    const big = listOf(rows);
    // The time is a figure, not a test (a loaded machine slows it): the verdict's budget of
    // 50 ms is measured by bench/door-verdict.ts, which prints its percentiles.
    const started = performance.now();
    const [ref] = refsOfCheck(big, await doorCheckOf(big.derivation, 'ABCDE23456'));
    expect(judgeFromList(big, ref).verdict).toBe('validated');
    console.info(
      `typed code judged from 5,000 passes in ${Math.round(performance.now() - started)} ms`,
    );
  });
});

describe('finding the pass scanned (ADR 042)', () => {
  it('reads a QR: the link’s code and the token after #t=; an old image’s bare link has none', () => {
    const qr = withQrToken('https://example.cm/pass/ABCDE23456', TOKEN);
    expect(qr).toBe(`https://example.cm/pass/ABCDE23456#t=${TOKEN}`);
    expect([passCodeOf(qr), qrTokenOf(qr)]).toEqual(['ABCDE23456', TOKEN]);
    expect(qrTokenOf('https://example.cm/pass/ABCDE23456')).toBeNull();
    expect(qrTokenOf(`https://example.cm/pass/ABCDE23456#t=${TOKEN.slice(1)}`)).toBeNull();
    expect(withQrToken('https://example.cm/pass/ABCDE23456', '')).not.toContain('#');
  });

  it('a QR token finds its pass by one SHA-256; another token finds none', async () => {
    const list = listOf();
    expect(refOfTokenCheck(list, await tokenCheckOf(list.derivation, TOKEN))).toBe('r-valid');
    const other = randomBytes(16).toString('base64url');
    expect(refOfTokenCheck(list, await tokenCheckOf(list.derivation, other))).toBeNull();
  });

  it('a code’s 24-bit check may fit two passes: both are given, the page then judges neither', () => {
    const list = listOf([
      ...ROWS,
      ['r-twin', 'Zoé', 'K', '7777', 'c', null, null, null, false, VECTORS[0][1]],
    ]);
    expect(refsOfCheck(list, VECTORS[0][1]).sort()).toEqual(['r-twin', 'r-valid']);
    expect(refsOfCheck(list, VECTORS[1][1])).toEqual([]);
  });
});

describe('downloads', () => {
  it('a delta updates the passes it names, removes the removed, keeps the derivation', () => {
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
    expect(next.derivation).toEqual(DERIVATION);
    expect(next.passes.has('r-gone')).toBe(false);
    expect(next.passes.size).toBe(4);
    // The database has the entry now: this phone's own record of it is dropped.
    expect(next.own.size).toBe(0);
    expect(judgeFromList(next, 'r-valid').verdict).toBe('already');
  });

  it('a delta without a list, or a full list without a derivation, is not applied', () => {
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
    // A QR that held a token: the token goes as the code (ADR 042).
    expect(toSyncScan(scan('t', 'P', { scannedAt: 'T', token: TOKEN }))).toMatchObject({
      code: TOKEN,
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
