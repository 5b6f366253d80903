import { DataError, toDataError } from '@/lib/errors';
import { publicRpc } from '@/data/shared/public-rpc';
import type { RegistrationStatus } from './types';

const STATUS_ERROR = 'Impossible de vérifier l’ouverture des inscriptions pour le moment.';
const REASONS = ['open', 'not_open', 'closed', 'full'] as const;

type StatusJson = { open?: unknown; reason?: unknown; opensAt?: unknown; closesAt?: unknown };

/**
 * registration_status() JSON -> RegistrationStatus. An answer that is not one (e.g. a proxy's HTML
 * page) throws: the status is unknown, neither open nor closed.
 */
export function toRegistrationStatus(json: unknown): RegistrationStatus {
  const s = (typeof json === 'object' && json !== null ? json : {}) as StatusJson;
  const reason = REASONS.find((r) => r === s.reason);
  if (!reason) throw new DataError('unknown', STATUS_ERROR, { details: json });
  return {
    open: reason === 'open' && s.open === true,
    reason,
    opensAt: String(s.opensAt ?? ''),
    closesAt: String(s.closesAt ?? ''),
  };
}

/**
 * Is registration open right now: before the window, after it, or full? Asked of the database with
 * plain fetch (src/data/shared/public-rpc.ts): the registration page does not load supabase-js (52 kB
 * gzip) for it when it opens, only when the form is sent.
 */
export async function getRegistrationStatus(): Promise<RegistrationStatus> {
  const { data, error } = await publicRpc('registration_status');
  if (error) throw toDataError(error, STATUS_ERROR);
  return toRegistrationStatus(data);
}
