import { publicRpc } from '@/lib/public-rpc';
import { toDataError } from '@/lib/errors';
import { toRegistrationStatus } from './get-registration-status';
import { getEditionInfo, type EditionInfo } from './night-party';
import type { RegistrationStatus } from './types';

/**
 * What the public pages show about the edition beyond the page itself: whether registration is
 * open (registration_status) and the Night Party's facts and contacts (edition_info). Both with
 * plain fetch (src/lib/public-rpc.ts): the home page and the footer load no supabase-js for them.
 */
const STATUS_ERROR = 'Impossible de vérifier l’ouverture des inscriptions pour le moment.';

export async function getPublicRegistrationStatus(): Promise<RegistrationStatus> {
  const { data, error } = await publicRpc('registration_status');
  if (error) throw toDataError(error, STATUS_ERROR);
  return toRegistrationStatus(data);
}

export { getEditionInfo, type EditionInfo };
