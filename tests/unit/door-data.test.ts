import { pbkdf2Sync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { maskedPhoneOf, toDoorList } from '@/data/door/door-list';
import { doorCheckOf } from '@/data/door/door-ref';
import { acceptsGzip } from '../../supabase/local/http';

/** The offline door's data module (docs/decisions/032-offline-door.md) and the local gzip. */

describe('door list', () => {
  it('reads the compact rows of door_list', () => {
    const list = toDoorList({
      full: true,
      version: 812,
      server_now: '2026-11-27T20:00:00+00:00',
      salt: 'c2FsdA',
      iterations: 100000,
      check_bytes: 3,
      window: { opens_at: '2026-11-27T16:00:00Z', closes_at: '2026-11-28T04:00:00Z', open: true },
      passes: [
        [
          'r1',
          'Awa',
          'M',
          '4556',
          'c',
          null,
          '2026-11-27T19:58:00+00:00',
          'Porte 2',
          false,
          'k1',
          't1',
        ],
        ['r2', 'Ekambi', null, '0001', 'w', 3, null, null, false],
        ['r3', 'Daniel', 'F', '1234', 'x', null, null, null, false],
      ],
    });
    expect(list).toMatchObject({
      full: true,
      version: 812,
      derivation: { salt: 'c2FsdA', iterations: 100000, checkBytes: 3 },
      removed: [],
    });
    expect(list.window).toEqual({
      opensAt: '2026-11-27T16:00:00Z',
      closesAt: '2026-11-28T04:00:00Z',
      open: true,
    });
    expect(list.passes).toEqual([
      {
        ref: 'r1',
        check: 'k1',
        tokenCheck: 't1',
        firstName: 'Awa',
        lastInitial: 'M',
        phoneLast4: '4556',
        state: 'confirmed',
        position: null,
        checkedInAt: '2026-11-27T19:58:00+00:00',
        door: 'Porte 2',
        byHand: false,
      },
      expect.objectContaining({
        ref: 'r2',
        check: null,
        state: 'waitlisted',
        position: 3,
        lastInitial: null,
      }),
      expect.objectContaining({ ref: 'r3', state: 'cancelled' }),
    ]);
    expect(() => toDoorList({ version: 1, passes: [['r', 'A', null, '1', 'z']] })).toThrow();
    expect(() => toDoorList({ passes: [] })).toThrow();
  });

  it('masks the phone from its last four digits', () => {
    expect(maskedPhoneOf('4556')).toBe('••• •• 45 56');
  });

  it('derives the check as Node’s PBKDF2-HMAC-SHA256 does, first 3 bytes, base64url', async () => {
    const salt = Buffer.alloc(16, 7);
    const expected = pbkdf2Sync('ABCDEFGHJK', salt, 1000, 3, 'sha256').toString('base64url');
    const derivation = { salt: salt.toString('base64url'), iterations: 1000, checkBytes: 3 };
    expect(await doorCheckOf(derivation, 'ABCDEFGHJK')).toBe(expected);
    expect(expected).toHaveLength(4);
  });
});

describe('the local backend’s gzip', () => {
  it('follows Accept-Encoding as the hosted gateway does', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
