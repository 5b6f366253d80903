/**
 * Shared by the offline door's tests (tests/integration/night-party-door-list.test.ts,
 * night-party-door-sync.test.ts, night-party-door-phone-search.test.ts): the door list's shape,
 * the reference computed in Node, queued scans, and a reader and an admin signed in.
 */
import { createHash, pbkdf2Sync } from 'node:crypto';
import { beforeAll, expect } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { backend } from './night-party-door';

/**
 * [ref, first_name, last_initial, phone_last4, state, position, checked_in_at, door, by_hand,
 * check, token_check]
 */
export type Row = [
  string,
  string,
  string | null,
  string,
  'c' | 'w' | 'x',
  number | null,
  string | null,
  string | null,
  boolean,
  string | null,
  string,
];
/** door_list's answer (public.door_list_answer): the fields a download leaves null, null. */
export type DoorList = {
  full: boolean;
  version: number;
  server_now: string;
  salt: string | null;
  iterations: number | null;
  check_bytes: number | null;
  window: { opens_at: string; closes_at: string; open: boolean };
  passes: Row[];
  removed: string[] | null;
};

export const download = async (c: SupabaseClient, since?: number, door = 'Porte 1') => {
  const { data, error } = await c.rpc(
    'door_list',
    since === undefined ? { door } : { door, since },
  );
  expect(error).toBeNull();
  return data as DoorList;
};

/** The contract's check (ADR 036, 3 bytes since ADR 042), computed with Node's own PBKDF2. */
export const nodeCheck = (list: { salt: string | null; iterations: number | null }, code: string) =>
  pbkdf2Sync(code, Buffer.from(list.salt!, 'base64url'), list.iterations!, 3, 'sha256').toString(
    'base64url',
  );

/** The contract's check of a QR token (ADR 042): SHA-256(salt || token), 16 bytes. */
export const nodeTokenCheck = (list: { salt: string | null }, token: string) =>
  createHash('sha256')
    .update(Buffer.concat([Buffer.from(list.salt!, 'base64url'), Buffer.from(token)]))
    .digest()
    .subarray(0, 16)
    .toString('base64url');

/** The derivation as the door page takes it (src/data/door/door-ref.ts). */
export const derivationOf = (list: DoorList) => ({
  salt: list.salt!,
  iterations: list.iterations!,
  checkBytes: list.check_bytes!,
});

/** An entry time as the list and the answers give it (JSON of timestamptz). */
export const enteredAt = async (id: string) =>
  (
    await backend.sql<{ t: string }>(
      `select to_json(checked_in_at) #>> '{}' as t from reservations where id = $1`,
      [id],
    )
  )[0].t;

export type Scan = {
  scan_id: string;
  ref?: string;
  code?: string;
  /** With a ref: the 9 digits typed in an offline phone search. */
  phone?: string;
  scanned_at: string;
  offline_verdict?: string | null;
};
type Result = {
  scan_id: string;
  verdict: string;
  double_entry: boolean;
  first_name: string | null;
  last_initial: string | null;
  masked_phone: string | null;
  checked_in_at: string | null;
  door: string | null;
  by_hand: boolean;
  position: number | null;
};

export const sync = async (c: SupabaseClient, door: string, scans: Scan[]) => {
  const { data, error } = await c.rpc('door_sync', { door, scans });
  expect(error).toBeNull();
  return (data as { results: Result[] }).results;
};
export const refOf = async (id: string) =>
  (await backend.sql<{ r: string }>('select door_ref r from reservations where id = $1', [id]))[0]
    .r;
/** The pass code, as the door's camera reads it. */
export const codeOf = async (id: string) =>
  (await backend.sql<{ c: string }>('select pass_code c from reservations where id = $1', [id]))[0]
    .c;
export const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const PASS_CODE = /^[2-9A-HJKMNP-Z]{10}$/;
/**
 * A scan judged offline: 'valid' means the steward let the person in. `pass` is the code the
 * door read (10 characters) or a reference from the list (a phone search's match).
 */
export const scan = (pass: string, at: string, shown: string | null = 'valid'): Scan => ({
  scan_id: crypto.randomUUID(),
  ...(PASS_CODE.test(pass) ? { code: pass } : { ref: pass }),
  scanned_at: at,
  offline_verdict: shown,
});

export const staff = {} as { lecteur: SupabaseClient; admin: SupabaseClient };
/** A reader and an admin, signed in once per file (`tag` keeps their e-mails apart). */
export function signInReaderAndAdmin(tag: string): void {
  beforeAll(async () => {
    await backend.createUser(`lecteur-${tag}@example.cm`, 'lecteur-password-123', {
      role: 'lecteur',
    });
    await backend.createUser(`admin-${tag}@example.cm`, 'admin-password-123', { admin: true });
    staff.lecteur = await backend.signedInClient(
      `lecteur-${tag}@example.cm`,
      'lecteur-password-123',
    );
    staff.admin = await backend.signedInClient(`admin-${tag}@example.cm`, 'admin-password-123');
  });
}
