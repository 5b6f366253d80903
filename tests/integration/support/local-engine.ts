/**
 * Shared by the engine tests (tests/integration/local-engine.test.ts,
 * local-engine-concurrency.test.ts): raw function calls, a registration and a reservation, counts.
 */
import { type NewRegistration } from '@/data/participants/register-participant';
import type { NewReservation } from '@/data/reservations/types';
import { testBackend } from '../../setup/test-backend';

export const backend = testBackend();

export const rpc = (name: string, body: unknown = {}, headers: Record<string, string> = {}) =>
  fetch(`${backend.url}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

export const registration = (n: number, extra: Partial<NewRegistration> = {}): NewRegistration => ({
  fullName: `Candidat ${n}`,
  email: `candidat${n}@example.cm`,
  phone: `6800${String(n).padStart(5, '0')}`,
  city: 'Yaoundé',
  region: 'Centre',
  category: 'singing',
  participationType: 'solo',
  teamName: '',
  linkToWork: '',
  description: '',
  agreeToTerms: true,
  teamMembers: [],
  ...extra,
});

export const reservation = (phone: string): NewReservation => ({
  fullName: 'Aline Mballa',
  phone,
  ville: 'Douala',
  attendanceStatus: 'yes',
  heardFrom: 'social',
  willAttend: 'yes',
  attendanceBarrier: 'none',
  followsBoosterPage: 'yes',
  consumesBoosterProducts: 'no',
});

export const count = async (table: string) =>
  (await backend.sql<{ n: number }>(`select count(*)::int as n from ${table}`))[0].n;
