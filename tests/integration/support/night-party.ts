/**
 * Shared by the Night Party tests (tests/integration/night-party-reservations.test.ts,
 * night-party-pass-and-edition-info.test.ts): reservations through the API, the pass, its states,
 * and the edition put back before each test.
 */
import { beforeEach, expect } from 'vitest';
import { testBackend } from '../../setup/test-backend';

export const backend = testBackend();

/** What create_reservation answers: the same for a free phone and a taken one (ADR 039). */
type Reply = { id: string; sent_to: string; channel: 'sms' | 'whatsapp' };
/**
 * The answer, with the pass the message's link opens (read from the database by the answer's id:
 * the visitor gets its code by message only, docs/decisions/039-one-answer-and-votes-that-cannot-
 * be-bought.md). pass_code is undefined when no pass has this id (a taken phone's answer).
 */
export type Answer = Reply & { pass_code: string; state: string; position: number | null };
type Pass = {
  code: string;
  first_name: string;
  masked_phone: string;
  state: string;
  position: number | null;
  checked_in_at: string | null;
};

export const PASS_KEYS = [
  'checked_in_at',
  'code',
  'concert_starts_at',
  'details',
  'doors_open_at',
  'first_name',
  'hint',
  'map_url',
  'masked_phone',
  'message',
  'position',
  'qr_token',
  'state',
  'venue_address',
  'venue_name',
];

export { NO_REFUSAL } from './answers';

let serial = 0;
export const reservation = (n = ++serial) => ({
  id: crypto.randomUUID(),
  full_name: `Awa Visiteuse ${n}`,
  phone: `66${String(n).padStart(7, '0')}`,
  ville: 'Yaoundé',
  attendance_status: 'yes',
  heard_from: 'social',
  will_attend: 'yes',
  attendance_barrier: 'none',
  follows_booster_page: 'yes',
  consumes_booster_products: 'no',
});

/** create_reservation from its own anonymous client, with a fresh proof of work. */
export async function reserve(payload: Record<string, unknown>, pow?: string) {
  const answer = await backend.anonClient().rpc('create_reservation', {
    payload: { ...payload, pow: pow ?? (await backend.proofOfWork()) },
  });
  const { error, status } = answer;
  const reply = answer.data as Reply | null;
  const data = reply && ({ ...reply, ...(await storedPass(reply.id)) } as Answer);
  return { data, reply, error, status };
}

/** The pass stored under a reservation id, as the message's link shows it. */
async function storedPass(id: string) {
  const [row] = await backend.sql<{ pass_code: string; state: string; position: number | null }>(
    `select pass_code, state, private.waitlist_position(r) as position
       from reservations r where r.id = $1`,
    [id],
  );
  return row as Partial<typeof row>;
}

export const getPass = async (code: string) => {
  const { data, error } = await backend.anonClient().rpc('get_pass', { code });
  expect(error).toBeNull();
  // No pass: a null pass_answer, every field null (PostgREST's answer for a null composite).
  if (data?.code == null) {
    expect(Object.values(data ?? {}).filter((v) => v !== null)).toEqual([]);
    return null;
  }
  return data as Pass;
};

export const cancel = (code: string) => backend.anonClient().rpc('cancel_reservation', { code });

export const states = async () =>
  Object.fromEntries(
    (
      await backend.sql<{ state: string; n: number }>(
        'select state, count(*)::int n from reservations group by state',
      )
    ).map((r) => [r.state, r.n]),
  ) as Record<string, number>;

/** Each test starts with no reservation, 100 places, reservations open, the concert in 30 days. */
export function resetNightPartyBeforeEach(): void {
  beforeEach(async () => {
    await backend.sql('delete from reservations; delete from private.rate_hits');
    await backend.setEdition({
      capacity: 100,
      overbooking_percent: 0,
      concert_starts_at: new Date(Date.now() + 30 * 86_400_000),
      doors_open_at: new Date(Date.now() + 30 * 86_400_000 - 7_200_000),
      reservations_open_at: new Date(Date.now() - 86_400_000),
      reservations_close_at: null,
    });
  });
}
