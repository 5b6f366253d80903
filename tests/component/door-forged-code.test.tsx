/**
 * A code the door list takes for a pass's but is no pass's (docs/decisions/042-a-door-list-without-
 * codes.md): the list keeps 24 bits of each code's check, so another code may match offline. The
 * door lets it in offline; on sync the database refuses it, and this phone takes back its own
 * entry of that pass, so the real holder is not turned away as "déjà entré".
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  backend,
  entries,
  listReady,
  openDoor,
  pass,
  signInDoorStaffOnTheNight,
  typeCode,
  verdict,
} from './support/door';

signInDoorStaffOnTheNight();
afterEach(() => vi.restoreAllMocks());

/** Two codes whose checks share 3 bytes under this salt at 1,000 iterations (a birthday search). */
const SALT = Buffer.from('booster-door-042').toString('hex');
const [CODE, TWIN] = ['RDQEN2JAEE', 'FE6BSN7W2Z'];

describe('a code that matched only the list’s 24-bit check', () => {
  it('is let in offline, refused on sync, and the holder’s pass may still enter here', async () => {
    const holder = await pass('confirmed', 'Awa Ngono');
    await backend.sql(`update reservations set pass_code = $1 where pass_code = $2`, [
      CODE,
      holder.pass_code,
    ]);
    await backend.sql(`update private.door_key set salt = decode($1, 'hex')`, [SALT]);
    await backend.sql('delete from private.door_checks');
    const { user } = await openDoor();
    await listReady();

    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await typeCode(user, TWIN);
    expect(await verdict()).toHaveTextContent('Entrée validée — Awa N.');
    await user.click(screen.getByRole('button', { name: 'Scanner le suivant' }));
    onLine.mockRestore();

    window.dispatchEvent(new Event('online'));
    const sent = await screen.findByRole('region', { name: 'Envoyés après la coupure' });
    await waitFor(() => expect(within(sent).getAllByRole('listitem')).toHaveLength(1));
    expect(within(sent).getByRole('listitem')).toHaveTextContent('Pass inconnu');
    expect((await entries(CODE))[0].checked_in_at).toBeNull();

    // Offline again, the real holder: this phone no longer counts the refused entry as hers.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await typeCode(user, CODE);
    expect(await verdict()).toHaveTextContent('Entrée validée — Awa N.');
  });
});
