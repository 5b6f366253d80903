import { DataError, toDataError } from '@/lib/errors';
import { publicRpc } from '@/data/shared/public-rpc';
import type { RegistrationStatus } from './types';
import type { Database } from '../../../supabase/database.types';

const STATUS_ERROR = 'Impossible de vérifier l’ouverture des inscriptions pour le moment.';
const REASONS = ['open', 'not_open', 'closed', 'full'] as const;

type StatusAnswer = Database['public']['Functions']['registration_status']['Returns'];

/**
 * registration_status's answer (supabase/schemas/08_answer_types_people_outbox.sql), renamed. An
 * answer that is not one (e.g. a proxy's HTML page, read as null) throws: the status is unknown,
 * neither open nor closed.
 */
export function toRegistrationStatus(a: StatusAnswer | null): RegistrationStatus {
  const reason = REASONS.find((r) => r === a?.reason);
  if (!a || !reason) throw new DataError('unknown', STATUS_ERROR, { details: a });
  return {
    open: reason === 'open' && a.open === true,
    reason,
    opensAt: a.opensAt ?? '',
    closesAt: a.closesAt ?? '',
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
