import { callPublicWrite } from '@/data/shared/public-write';
import { toDataError } from '@/lib/errors';

/**
 * "Retrouver mon pass" (recover_pass): the pass link is sent to the phone, never shown. The
 * database answers the same sentence whether the phone has a reservation or not (returned here
 * to be shown as is) and queues a message only for a known one, at most one per phone every 10
 * minutes. Proof of work and rate limit as the other public writes: a refused phone ->
 * DataError 'invalid' with the field's French message; too many attempts -> DataError 'limited'.
 */
export const RECOVER_PASS_ERROR = 'Une erreur est survenue. Veuillez réessayer.';

export async function recoverPass(phone: string, honeypot = ''): Promise<string> {
  try {
    const { data, error } = await callPublicWrite('recover_pass', {
      phone: phone.trim(),
      website: honeypot,
    });
    if (error) throw toDataError(error, RECOVER_PASS_ERROR);
    return data?.message ?? RECOVER_PASS_ERROR;
  } catch (error) {
    throw toDataError(error, RECOVER_PASS_ERROR);
  }
}
