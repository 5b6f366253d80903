/**
 * Shared by the registration tests (tests/integration/registration-register.test.ts,
 * registration-refusals-and-capacity.test.ts): a solo and a team, the window opened, rows read
 * back, and register_participant sent straight with the anon key.
 */
import { beforeAll, beforeEach, expect } from 'vitest';
import { getSupabase } from '@/data/shared/supabase';
import { listParticipants } from '@/data/participants/list-participants';
import { type NewRegistration } from '@/data/participants/register-participant';
import { testBackend } from '../../setup/test-backend';

export const backend = testBackend();
const ADMIN = { email: 'admin@example.cm', password: 'admin-password-123' };

export const solo = (n: number, extra: Partial<NewRegistration> = {}): NewRegistration => ({
  fullName: `Participant ${n}`,
  email: `p${n}@example.cm`,
  phone: `6900000${String(n).padStart(2, '0')}`,
  city: 'Douala',
  region: 'Littoral',
  category: 'dance',
  participationType: 'solo',
  teamName: '',
  linkToWork: '',
  description: '',
  agreeToTerms: true,
  teamMembers: [],
  ...extra,
});

export const members = (count: number, from = 0) =>
  Array.from({ length: count }, (_, i) => ({
    fullName: `Membre ${from + i + 1}`,
    phone: `67${String(from + i + 1).padStart(7, '0')}`,
    email: i === 0 ? `Membre${from + i + 1}@Example.cm` : '',
  }));

export const openWindow = (max = 2000) =>
  backend.sql(`update contest_settings set registration_opens_at = now() - interval '1 day',
    registration_closes_at = now() + interval '1 day', max_participants = ${max}`);

export const count = async (table: 'participants' | 'team_members') =>
  Number((await backend.sql<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0].n);

/** Reads a participant back through the admin data module, as a signed-in admin. */
export async function readBack(email: string) {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.signInWithPassword(ADMIN);
  expect(error).toBeNull();
  try {
    return await listParticipants({ search: email }, 0, 10);
  } finally {
    await supabase.auth.signOut();
  }
}

/** A request sent straight to the API with the public anon key. */
export async function anonRegister(payload: object) {
  const pow = await backend.proofOfWork();
  return backend
    .anonClient()
    .rpc('register_participant', { payload: { ...payload, pow } } as never);
}

/** Creates the admin once; each test starts with no participant and the window open. */
export function createAdminAndClearParticipants(): void {
  beforeAll(async () => {
    await backend.createUser(ADMIN.email, ADMIN.password, { admin: true });
  });

  beforeEach(async () => {
    await backend.sql('delete from participants');
    await openWindow();
  });
}
