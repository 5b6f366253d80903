/**
 * The door list (issue 31, docs/decisions/032-offline-door.md): what a door downloads to judge
 * passes offline, through real supabase-js clients over HTTP against real PostgreSQL. Here: what
 * the list holds (and does not), the checks (docs/decisions/036-door-admits-what-it-scanned.md),
 * deltas. Who may download it and when: night-party-door-list-access.test.ts.
 * Shared doors, passes and journal reads: support/night-party-door.ts.
 */
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { doorCheckOf, tokenCheckOf } from '@/data/door/door-ref';
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
  download,
  enteredAt,
  derivationOf,
  nodeCheck,
  nodeTokenCheck,
  type DoorList,
  type Row,
} from './support/night-party-door-offline';

signInFiveDoors();

describe('door_list, the full download', () => {
  it('holds each pass by an opaque reference, 24 bits of a slow check of its code, a hash of its QR token, first name, initial, last 4 digits: no code, no token, no phone, no key, nothing else personal', async () => {
    const awa = await pass('confirmed', 'Awa Ngono Mballa');
    const waiting1 = await pass('waitlisted', 'Brice Tchoumi');
    const waiting2 = await pass('waitlisted', 'Chantal Eyenga');
    const gone = await pass('cancelled', 'Daniel Fotso');
    const single = await pass('confirmed', 'Ekambi');
    await checkIn(doors[1], awa.pass_code, 'Porte 2');
    const since = await lastAuditId();

    const list = await download(doors[0]);
    // The answer's declared fields (public.door_list_answer); a full download sets only these.
    const set = Object.entries(list).filter(([, v]) => v !== null);
    expect(set.map(([k]) => k).sort()).toEqual([
      'check_bytes',
      'full',
      'iterations',
      'passes',
      'salt',
      'server_now',
      'version',
      'window',
    ]);
    expect(list).toMatchObject({
      full: true,
      window: { open: true },
      iterations: 1000,
      check_bytes: 3,
    });
    expect(list.salt).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // The key of the references never leaves the database.
    const [{ secret }] = await backend.sql<{ secret: string }>(
      `select translate(rtrim(encode(secret, 'base64'), '='), '+/', '-_') secret from private.door_key`,
    );
    expect(JSON.stringify(list)).not.toContain(secret);
    const all = [awa, waiting1, waiting2, gone, single];
    const text = JSON.stringify(list);
    for (const p of all) {
      expect(text).not.toContain(p.pass_code);
      expect(text).not.toContain(p.qr_token);
      expect(text).not.toContain(p.phone);
      expect(text).not.toContain(p.phone.slice(0, 5));
      expect(text).not.toContain(p.id);
    }
    for (const word of ['Ngono', 'Mballa', 'Tchoumi', 'Eyenga', 'Fotso', 'Douala', 'flyer'])
      expect(text).not.toContain(word);

    const byCheck = new Map(list.passes.map((r) => [r[9], r]));
    expect(byCheck.size).toBe(5);
    expect(new Set(list.passes.map((r) => r[0])).size).toBe(5);
    const entered = await enteredAt(awa.id);
    const expected: Record<string, Row extends [...infer H, unknown, unknown] ? H : never> = {
      [awa.pass_code]: ['', 'Awa', 'M', awa.phone.slice(-4), 'c', null, entered, 'Porte 2', false],
      [waiting1.pass_code]: ['', 'Brice', 'T', waiting1.phone.slice(-4), 'w', 1, null, null, false],
      [waiting2.pass_code]: [
        '',
        'Chantal',
        'E',
        waiting2.phone.slice(-4),
        'w',
        2,
        null,
        null,
        false,
      ],
      [gone.pass_code]: ['', 'Daniel', 'F', gone.phone.slice(-4), 'x', null, null, null, false],
      [single.pass_code]: [
        '',
        'Ekambi',
        null,
        single.phone.slice(-4),
        'c',
        null,
        null,
        null,
        false,
      ],
    };
    const tokens = new Map(all.map((p) => [p.pass_code, p.qr_token]));
    for (const [code, row] of Object.entries(expected)) {
      // The contract's definition, in Node, and the door page's WebCrypto: the same check.
      const check = nodeCheck(list, code);
      expect(await doorCheckOf(derivationOf(list), code)).toBe(check);
      const tokenCheck = nodeTokenCheck(list, tokens.get(code)!);
      expect(await tokenCheckOf(derivationOf(list), tokens.get(code)!)).toBe(tokenCheck);
      const listed = byCheck.get(check)!;
      expect(listed.slice(1)).toEqual([...row.slice(1, 9), check, tokenCheck]);
      expect(listed[0]).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(listed[0]).not.toBe(check);
    }

    // Journaled per door account, with the count; nothing personal in the row.
    const rows = await auditSince(since);
    expect(rows).toEqual([
      {
        actor: doorIds[0],
        action: 'door.list',
        entity_id: null,
        summary: 'Liste des pass téléchargée à « Porte 1 » (5 pass)',
        before: null,
        after: { door: 'Porte 1', passes: 5 },
      },
    ]);
  });

  it('goes over the wire gzipped when the client accepts it, as the hosted gateway does', async () => {
    for (let i = 0; i < 40; i++) await pass('confirmed', `Invité Numéro ${i}`);
    const { data } = await doors[0].auth.getSession();
    const request = (encoding: string) =>
      fetch(`${backend.url}/rest/v1/rpc/door_list`, {
        method: 'POST',
        headers: {
          apikey: backend.anonKey,
          Authorization: `Bearer ${data.session!.access_token}`,
          'Content-Type': 'application/json',
          'Accept-Encoding': encoding,
        },
        body: JSON.stringify({ door: 'Porte 1' }),
      });
    const zipped = await request('gzip, deflate');
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    const plain = await request('identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    const raw = Buffer.from(await plain.arrayBuffer());
    expect((JSON.parse(raw.toString()) as DoorList).passes).toHaveLength(40);
    // fetch decompresses; read the bytes through node:http to see what travelled.
    const { request: httpRequest } = await import('node:http');
    const wire = await new Promise<Buffer>((resolve, reject) => {
      const url = new URL(`${backend.url}/rest/v1/rpc/door_list`);
      const req = httpRequest(
        url,
        {
          method: 'POST',
          headers: {
            apikey: backend.anonKey,
            Authorization: `Bearer ${data.session!.access_token}`,
            'Content-Type': 'application/json',
            'Accept-Encoding': 'gzip',
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve(Buffer.concat(chunks)));
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify({ door: 'Porte 1' }));
    });
    expect(wire.length).toBeLessThan(raw.length / 1.5);
    expect((JSON.parse(gunzipSync(wire).toString()) as DoorList).passes).toHaveLength(40);
  });
});

describe('door_list, deltas', () => {
  it('sends only what changed since a version: entries, cancellations, new and removed passes, the waitlist when it moved', async () => {
    const entering = await pass('confirmed', 'Fanta Kamga');
    const cancelling = await pass('confirmed', 'Gaston Mbida');
    const leaving = await pass('confirmed', 'Hélène Abena');
    const quiet = await pass('confirmed', 'Ibrahim Bello');
    const waiting = await pass('waitlisted', 'Jeanne Ondoa');
    const first = await download(doors[0]);
    // The passes are given their checks by this first download (ADR 036): the next delta sends
    // them once more, so every door that downloaded before learns them.
    const full = await download(doors[0], first.version);
    expect(full.passes.map((r) => r[9]).sort()).toEqual(first.passes.map((r) => r[9]).sort());
    const known = new Map<string, string>();
    const learn = (l: DoorList) => l.passes.forEach((r) => known.set(r[9]!, r[0]));
    learn(first);
    const ref = (code: string) => known.get(nodeCheck(first, code)) ?? '?';

    // Nothing changed: an empty delta, and no journal row (only full downloads are journaled).
    const since = await lastAuditId();
    const empty = await download(doors[0], full.version);
    expect(empty).toMatchObject({ full: false, passes: [], removed: [] });
    expect(empty.salt).toBeNull();

    await checkIn(doors[2], entering.pass_code, 'Porte 3');
    await backend.sql(
      `update reservations set state = 'cancelled', cancelled_at = now() where id = $1`,
      [cancelling.id],
    );
    await backend.sql('delete from reservations where id = $1', [leaving.id]);
    const newcomer = await pass('confirmed', 'Karim Njoya');

    const delta = await download(doors[0], full.version);
    learn(delta);
    expect(delta.full).toBe(false);
    expect(delta.version).toBeGreaterThanOrEqual(full.version);
    const refs = new Map(delta.passes.map((r) => [r[0], r]));
    const entered = await enteredAt(entering.id);
    const row = (p: { pass_code: string }) => refs.get(ref(p.pass_code))?.slice(1);
    const last4 = (p: { phone: string }) => p.phone.slice(-4);
    // A row as the list gives it, after its ref.
    const listed = (
      p: { phone: string; pass_code: string; qr_token: string },
      name: string,
      initial: string,
      ...rest: unknown[]
    ) => [
      name,
      initial,
      last4(p),
      ...rest,
      false,
      nodeCheck(first, p.pass_code),
      nodeTokenCheck(first, p.qr_token),
    ];
    expect(row(entering)).toEqual(listed(entering, 'Fanta', 'K', 'c', null, entered, 'Porte 3'));
    expect(row(cancelling)).toEqual(listed(cancelling, 'Gaston', 'M', 'x', null, null, null));
    expect(row(newcomer)).toEqual(listed(newcomer, 'Karim', 'N', 'c', null, null, null));
    // No waitlisted pass moved: the waitlist is not sent again.
    expect(refs.has(ref(waiting.pass_code))).toBe(false);
    expect(refs.has(ref(quiet.pass_code))).toBe(false);
    expect(delta.passes).toHaveLength(3);
    expect(delta.removed).toEqual([ref(leaving.pass_code)]);
    expect((await auditSince(since)).map((r) => r.action)).toEqual(['reservation.check_in']);

    // From the delta's version on: nothing new but the newcomer's check, derived by that delta.
    const settled = await download(doors[0], delta.version);
    expect(settled.passes.map((r) => r[0])).toEqual([ref(newcomer.pass_code)]);
    expect(await download(doors[0], settled.version)).toMatchObject({ passes: [], removed: [] });

    // The first of the waitlist promoted: everyone behind moves up, so the waitlist comes again.
    const behind = await pass('waitlisted', 'Léa Mvondo');
    const between = await download(doors[0], settled.version);
    learn(between);
    expect(between.passes.map((r) => r.slice(1))).toEqual([
      listed(behind, 'Léa', 'M', 'w', 2, null, null),
    ]);
    await backend.sql(`update reservations set state = 'confirmed' where id = $1`, [waiting.id]);
    const moved = await download(doors[0], between.version);
    const movedRefs = new Map(moved.passes.map((r) => [r[0], r.slice(1)]));
    expect(movedRefs.get(ref(waiting.pass_code))?.slice(3, 5)).toEqual(['c', null]);
    expect(movedRefs.get(ref(behind.pass_code))).toEqual(
      listed(behind, 'Léa', 'M', 'w', 1, null, null),
    );
    // A waitlisted pass deleted moves the others too.
    const last = await pass('waitlisted', 'Moïse Ateba');
    const before = await download(doors[0], moved.version);
    learn(before);
    await backend.sql('delete from reservations where id = $1', [behind.id]);
    const afterDelete = await download(doors[0], before.version);
    expect(afterDelete.removed).toEqual([ref(behind.pass_code)]);
    expect(afterDelete.passes.map((r) => [r[0], r[5]])).toEqual([[ref(last.pass_code), 1]]);

    // A version this database never gave (another database, a reset): the full list again.
    const again = await download(doors[0], delta.version + 1_000_000);
    expect(again).toMatchObject({ full: true, salt: first.salt, iterations: 1000 });
    expect(again.passes).toHaveLength(6);
  });
});
