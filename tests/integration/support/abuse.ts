/**
 * Shared by the abuse-resistance tests (tests/integration/abuse-*.test.ts,
 * docs/decisions/007-abuse-resistance.md): the three public write paths called with the anon
 * key, a valid payload for each, the headers a client could forge, and a clean slate per test.
 */
import { beforeEach } from 'vitest';
import { testBackend } from '../../setup/test-backend';

export const backend = testBackend();
export type Path = 'register_participant' | 'create_reservation' | 'send_contact_message';

export const call = async (fn: string, body: unknown) => {
  const res = await fetch(`${backend.url}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // not JSON: kept as text below
  }
  return { status: res.status, body: json, text };
};

let serial = 0;
export const next = () => ++serial;
export const phoneOf = (n: number, prefix = '65') => `${prefix}${String(n).padStart(7, '0')}`;

export const payloads: Record<Path, (n: number) => Record<string, unknown> & { id: string }> = {
  register_participant: (n) => ({
    id: crypto.randomUUID(),
    full_name: `Candidat ${n}`,
    email: `candidat${n}@example.cm`,
    phone: phoneOf(n, '65'),
    city: 'Douala',
    region: 'Littoral',
    category: 'dance',
    participation_type: 'solo',
    agree_to_terms: true,
    team_members: [],
  }),
  create_reservation: (n) => ({
    id: crypto.randomUUID(),
    full_name: `Visiteur ${n}`,
    phone: phoneOf(n, '66'),
    ville: 'Yaoundé',
    attendance_status: 'yes',
    heard_from: 'social',
    will_attend: 'yes',
    attendance_barrier: 'none',
    follows_booster_page: 'yes',
    consumes_booster_products: 'no',
  }),
  send_contact_message: (n) => ({
    id: crypto.randomUUID(),
    name: `Visiteur ${n}`,
    email: `visiteur${n}@example.cm`,
    subject: 'Question',
    message: `Bonjour, une question numéro ${n}.`,
  }),
};
export const TABLE: Record<Path, string> = {
  register_participant: 'participants',
  create_reservation: 'reservations',
  send_contact_message: 'contact_messages',
};
export const ACTION: Record<Path, string> = {
  register_participant: 'register',
  create_reservation: 'reserve',
  send_contact_message: 'contact',
};
export const PATHS = Object.keys(payloads) as Path[];

export const write = async (fn: Path, payload: Record<string, unknown>) =>
  call(fn, { payload: { ...payload, pow: await backend.proofOfWork() } });
export const count = async (table: string) =>
  (await backend.sql<{ n: number }>(`select count(*)::int n from ${table}`))[0].n;

/** Each test starts with no public rows, no rate hits or spent proofs, and relaxed limits. */
export function clearPublicWritesBeforeEach(): void {
  beforeEach(async () => {
    await backend.sql(`
    delete from participants; delete from reservations; delete from contact_messages;
    delete from private.rate_hits; delete from private.pow_spent; delete from surge_alerts;
    update private.rate_limits set max_per_address = 100000, surge_ceiling = null;
    update contest_settings set registration_opens_at = now() - interval '1 day',
      registration_closes_at = now() + interval '1 day', max_participants = 2000;`);
  });
}

/** Every header through which a client could claim an address, each with a new value. */
let forged = 0;
export const forgedHeaders = (): Record<string, string> => {
  forged++;
  const v4 = `198.51.${Math.floor(forged / 250) % 250}.${(forged % 250) + 1}`;
  const v6 = `2001:db8:${forged.toString(16)}::${forged.toString(16)}`;
  return {
    'CF-Connecting-IP': v4,
    'CF-Connecting-IPv6': v6,
    'True-Client-IP': v4,
    'X-Real-IP': v4,
    'X-Forwarded-For': `${v4}, 10.0.0.${forged % 250}`,
    'X-Forwarded': `for=${v4}`,
    'Forwarded-For': v4,
    Forwarded: `for="[${v6}]"`,
    'X-Client-IP': v4,
    'Client-IP': v4,
    'X-Cluster-Client-IP': v4,
    'Fastly-Client-IP': v4,
    'X-Original-Forwarded-For': v4,
    'X-Envoy-External-Address': v4,
  };
};
