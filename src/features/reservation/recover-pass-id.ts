import * as paths from '@/config/route-paths';

/**
 * The Night Party page's "Pass perdu ?" section (./RecoverPass.tsx): the header's "Retrouver mon
 * pass" and every dead end of a pass lead there, and it opens its form when the address names it.
 */
export const RECOVER_ID = 'retrouver-pass';

export const recoverPassPath = `${paths.nightParty}#${RECOVER_ID}`;
