/**
 * A door list that gives no code away (issue 38 item 2,
 * docs/decisions/042-a-door-list-without-codes.md): the list keeps 24 bits of each code's slow
 * check, so a code read from it cannot be told from 4.9e7 others; the pass's QR holds a random
 * 128-bit token the door checks by one SHA-256 offline and the database checks online and on
 * sync. Over HTTP against real PostgreSQL, judged offline by the door page's own code.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { toDoorList } from '@/data/door/door-list';
import { doorCheckOf, tokenCheckOf } from '@/data/door/door-ref';
import {
  applyDownload,
  judgeFromList,
  refOfTokenCheck,
  refsOfCheck,
} from '@/features/door/list/door-list';
import {
  auditSince,
  backend,
  checkIn,
  doors,
  lastAuditId,
  pass,
  signInFiveDoors,
} from './support/night-party-door';
import {
  derivationOf,
  download,
  signInReaderAndAdmin,
  staff,
  sync,
} from './support/night-party-door-offline';

signInFiveDoors();
signInReaderAndAdmin('jeton');

/**
 * Two codes whose checks share their first 3 bytes under the salt 'booster-door-042' at 1,000
 * iterations, found once by a birthday search over 40,000 random codes (53 such pairs): what
 * 24 bits leave of a code.
 */
const SALT = Buffer.from('booster-door-042').toString('hex');
const TWINS = [
  ['RDQEN2JAEE', 'FE6BSN7W2Z'],
  ['NT549XBRQ7', 'CQG8TTFU9K'],
  ['BVGU5EMSRD', 'PNYPXWKYPS'],
] as const;

/** A pass whose code is `code` (its check derived again by the next download). */
async function passWithCode(code: string, name = 'Awa Ngono') {
  const p = await pass('confirmed', name);
  await backend.sql('update reservations set pass_code = $1 where id = $2', [code, p.id]);
  return { ...p, pass_code: code };
}

/** The door page's list (src/features/door/list/) from a full download. */
async function pageList() {
  await backend.sql(`update private.door_key set salt = decode($1, 'hex')`, [SALT]);
  await backend.sql('delete from private.door_checks');
  const list = applyDownload(null, toDoorList(await download(doors[0])), 'now');
  expect(list).not.toBeNull();
  return list!;
}

const entered = async (id: string) =>
  (
    await backend.sql<{ at: string | null }>(
      'select checked_in_at::text at from reservations where id = $1',
      [id],
    )
  )[0].at;

describe('the list gives no code away', () => {
  it('a pass’s check in the list fits other codes too: the list confirms none', async () => {
    const passes = await Promise.all(TWINS.map(([code], i) => passWithCode(code, `Invité ${i}`)));
    const list = await pageList();
    for (const [i, [code, twin]] of TWINS.entries()) {
      const [ref] = refsOfCheck(list, await doorCheckOf(list.derivation, code));
      expect(list.passes.get(ref)?.firstName).toBe('Invité');
      // Another code, not this pass's, has the very same check: the list cannot tell them apart.
      expect(refsOfCheck(list, await doorCheckOf(list.derivation, twin))).toEqual([ref]);
      expect(passes[i].pass_code).not.toBe(twin);
    }
    // 24 bits a check: each fits 31^10 / 2^24 = 4.9e7 codes.
    expect(list.derivation.checkBytes).toBe(3);
    for (const p of list.passes.values()) expect(p.check).toMatch(/^[A-Za-z0-9_-]{4}$/);
    expect(31 ** 10 / 2 ** 24).toBeGreaterThan(4.8e7);
  });

  it('a typed code that matched only the 24-bit check is refused on sync, nothing recorded, and Présence shows it', async () => {
    const [code, twin] = TWINS[0];
    const holder = await passWithCode(code);
    const list = await pageList();
    // Offline, the page takes the twin for the holder's pass: one entry let in on the wrong code.
    const refs = refsOfCheck(list, await doorCheckOf(list.derivation, twin));
    expect(judgeFromList(list, refs[0]).verdict).toBe('validated');
    const since = await lastAuditId();
    const [forged] = await sync(doors[0], 'Porte 1', [
      {
        scan_id: crypto.randomUUID(),
        code: twin,
        scanned_at: new Date().toISOString(),
        offline_verdict: 'valid',
      },
    ]);
    expect(forged).toMatchObject({ verdict: 'unknown', first_name: null, double_entry: false });
    expect(await entered(holder.id)).toBeNull();
    expect(await auditSince(since)).toEqual([]);
    const { data: alerts, error } = await staff.admin.rpc('door_lane_alerts_list');
    expect(error).toBeNull();
    expect(alerts).toEqual([
      expect.objectContaining({
        door: 'Porte 1',
        account: 'porte1@example.cm',
        refused: 0,
        admitted_unknown: 1,
      }),
    ]);
    // The holder's own code still enters.
    expect((await checkIn(doors[1], code, 'Porte 2')).verdict).toBe('validated');
  });
});

describe('the QR token', () => {
  it('is 128 random bits per pass, given by get_pass to whoever holds the code, hashed in the list', async () => {
    const a = await pass('confirmed', 'Awa Ngono');
    const b = await pass('confirmed', 'Brice Tchoumi');
    expect(a.qr_token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(a.qr_token).not.toBe(b.qr_token);
    const { data } = await backend.anonClient().rpc('get_pass', { code: a.pass_code });
    expect(data).toMatchObject({ code: a.pass_code, qr_token: a.qr_token });
    const list = await pageList();
    const ref = refOfTokenCheck(list, await tokenCheckOf(list.derivation, a.qr_token));
    expect(ref && judgeFromList(list, ref)).toMatchObject({
      verdict: 'validated',
      firstName: 'Awa',
    });
    expect(JSON.stringify(await download(doors[0]))).not.toContain(a.qr_token);
    expect(derivationOf(await download(doors[0]))).toEqual(list.derivation);
  });

  it('a scanned token admits online (check_in) and offline (door_sync); a wrong token admits nothing', async () => {
    const online = await pass('confirmed', 'Chantal Eyenga');
    const offline = await pass('confirmed', 'Daniel Fotso');
    const since = await lastAuditId();
    expect(await checkIn(doors[0], online.qr_token, 'Porte 1')).toMatchObject({
      verdict: 'validated',
      first_name: 'Chantal',
    });
    const scanned = {
      scan_id: crypto.randomUUID(),
      code: offline.qr_token,
      scanned_at: new Date().toISOString(),
      offline_verdict: 'valid',
    };
    const [synced] = await sync(doors[1], 'Porte 2', [scanned]);
    expect(synced).toMatchObject({ verdict: 'validated', first_name: 'Daniel' });
    expect(await entered(online.id)).not.toBeNull();
    expect(await entered(offline.id)).not.toBeNull();
    expect((await auditSince(since)).map((r) => r.action)).toEqual([
      'reservation.check_in',
      'reservation.check_in',
    ]);

    // A wrong token: a random one, and a pass's token with one character changed.
    const untouched = await pass('confirmed', 'Ekambi');
    const typo = `${untouched.qr_token.slice(0, -1)}${untouched.qr_token.endsWith('A') ? 'B' : 'A'}`;
    const after = await lastAuditId();
    for (const wrong of [randomBytes(16).toString('base64url'), typo]) {
      expect((await checkIn(doors[2], wrong, 'Porte 3')).verdict).toBe('unknown');
      const [result] = await sync(doors[2], 'Porte 3', [
        { ...scanned, scan_id: crypto.randomUUID(), code: wrong },
      ]);
      expect(result.verdict).toBe('unknown');
    }
    expect(await entered(untouched.id)).toBeNull();
    expect(await auditSince(after)).toEqual([]);
  });
});
