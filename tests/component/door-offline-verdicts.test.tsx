/**
 * The door check-in page (/porte) against the real local backend.
 * Here (issue 31): the verdicts the door list gives without the network, in words and marked
 * "hors ligne"; the phone search offline by the last four digits, confirmed before any entry;
 * and what the door says once the queued check-ins are sent (an alert for a double entry).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatEventTime } from '@/lib/dates';
import { screen, waitFor, within } from '@testing-library/react';
import {
  backend,
  Network,
  routeFetchThrough,
  signInDoorStaffOnTheNight,
  pass,
  entries,
  openDoor,
  listReady,
  typeCode,
  verdict,
} from './support/door';

signInDoorStaffOnTheNight();

let network: Network = 'up';
routeFetchThrough(() => network);
afterEach(() => {
  network = 'up';
});

/** The door's hour ("16 h 05", docs/glossary.md), no-break spaces read as spaces. */
const doorTime = (d: Date) => formatEventTime(d).replace(/\s/g, ' ');

const checkInElsewhere = (code: string, door: string) =>
  backend.sql<{ checked_in_at: Date }>(
    `update reservations set checked_in_at = now(), checked_in_door = $2
      where pass_code = $1 returning checked_in_at`,
    [code, door],
  );

describe('verdicts from the list, offline', () => {
  it('valid, already in (another door as of the last sync, then this phone), unknown, waitlisted, cancelled', async () => {
    const valid = await pass('confirmed', 'Awa Ngono');
    const elsewhere = await pass('confirmed', 'Paul Mbarga');
    const waitlisted = await pass('waitlisted', 'Jean Fotso');
    const cancelled = await pass('cancelled', 'Marie Eto');
    const [{ checked_in_at: at }] = await checkInElsewhere(elsewhere.pass_code, 'Porte 2');
    const { user } = await openDoor();
    await listReady();
    network = 'down';

    const offlineVerdict = async (code: string) => {
      await typeCode(user, code);
      const title = await verdict();
      expect(screen.getByText('Hors ligne')).toBeVisible();
      return title;
    };
    const next = () => user.click(screen.getByRole('button', { name: 'Scanner le suivant' }));

    expect(await offlineVerdict(valid.pass_code)).toHaveTextContent('Entrée validée — Awa N.');
    expect(
      screen.getByText(
        /^Vérifié hors ligne avec la liste de \d{1,2}\sh(?:\s\d\d)? : l’entrée sera envoyée dès que possible\.$/,
      ),
    ).toBeVisible();
    await next();

    expect(await offlineVerdict(elsewhere.pass_code)).toHaveTextContent(
      `Déjà entré à ${doorTime(at)} (porte 2)`,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('ne laissez pas entrer une deuxième fois');
    await next();

    // The pass this phone admitted a moment ago, shown again: it knows its own entries.
    expect(await offlineVerdict(valid.pass_code)).toHaveTextContent(
      /^Déjà entré à \d{1,2}\sh(?:\s\d\d)? \(porte 1\)$/,
    );
    await next();

    expect(await offlineVerdict('ZZZZZ ZZZZZ')).toHaveTextContent('Pass inconnu');
    await next();
    expect(await offlineVerdict(waitlisted.pass_code)).toHaveTextContent(
      /^Liste d’attente — n° 1$/,
    );
    await next();
    expect(await offlineVerdict(cancelled.pass_code)).toHaveTextContent(/^Annulé$/);
    expect(screen.getByRole('alert')).toHaveTextContent('Marie E.');
    await next();

    // Only the admitted pass waits for the network; the refusals recorded nothing.
    expect(await screen.findByText('1 contrôle en attente de réseau — sera envoyé')).toBeVisible();
    network = 'up';
    window.dispatchEvent(new Event('online'));
    await waitFor(async () =>
      expect((await entries(valid.pass_code))[0].checked_in_door).toBe('Porte 1'),
    );
    for (const p of [waitlisted, cancelled])
      expect((await entries(p.pass_code))[0].checked_in_at).toBeNull();
  });

  it('phone search offline: the 9 digits, matched by their last four, several matches, "Valider l’entrée" first, the 9 digits checked by the database', async () => {
    const awa = await pass('confirmed', 'Awa Ngono');
    const ines = await pass('confirmed', 'Ines Tamba');
    await backend.sql(`update reservations set phone = '677001234' where pass_code = $1`, [
      awa.pass_code,
    ]);
    await backend.sql(`update reservations set phone = '699001234' where pass_code = $1`, [
      ines.pass_code,
    ]);
    const { user } = await openDoor();
    await listReady();
    network = 'down';
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await user.type(screen.getByLabelText('Téléphone du titulaire'), '699 00 12 34');
    await user.click(screen.getByRole('button', { name: 'Chercher par téléphone' }));
    const found = await screen.findByRole('region', {
      name: '2 réservations trouvées (hors ligne, 4 derniers chiffres)',
    });
    const items = within(found).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^Awa N\.Téléphone ••• •• 12 34Place confirmée/),
      expect.stringMatching(/^Ines T\.Téléphone ••• •• 12 34Place confirmée/),
    ]);
    await user.click(within(items[1]).getByRole('button', { name: 'Valider l’entrée' }));
    expect(await verdict()).toHaveTextContent('Entrée validée — Ines T.');
    expect(screen.getByText('Hors ligne')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Scanner le suivant' }));
    expect(await screen.findByText('1 contrôle en attente de réseau — sera envoyé')).toBeVisible();

    onLine.mockRestore();
    network = 'up';
    window.dispatchEvent(new Event('online'));
    await waitFor(async () =>
      expect((await entries(ines.pass_code))[0].checked_in_door).toBe('Porte 1'),
    );
    expect((await entries(awa.pass_code))[0].checked_in_at).toBeNull();
  });

  it('offline, fewer than 9 digits: says what to type', async () => {
    const { user } = await openDoor();
    await listReady();
    network = 'down';
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await user.type(screen.getByLabelText('Téléphone du titulaire'), '1234');
    await user.click(screen.getByRole('button', { name: 'Chercher par téléphone' }));
    expect(
      await screen.findByText(
        'Hors ligne : entrez les 9 chiffres du numéro, vérifiés au retour du réseau.',
      ),
    ).toBeVisible();
    expect(screen.getByLabelText('Téléphone du titulaire')).toHaveFocus();
  });
});

describe('after the network cut', () => {
  it('announces what was sent, and alerts a pass another door let in meanwhile (a double entry)', async () => {
    const p = await pass('confirmed', 'Awa Ngono');
    const { user } = await openDoor();
    await listReady();
    network = 'down';
    await typeCode(user, p.pass_code);
    expect(await verdict()).toHaveTextContent('Entrée validée — Awa N.');
    await user.click(screen.getByRole('button', { name: 'Scanner le suivant' }));
    // Meanwhile another door, online, let the same pass in.
    const [{ checked_in_at: at }] = await checkInElsewhere(p.pass_code, 'Porte 2');

    network = 'up';
    window.dispatchEvent(new Event('online'));
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    await waitFor(() => expect(alert).toHaveTextContent('1 contrôle refusé après la coupure'));
    expect(alert).toHaveTextContent(`double entrée — Déjà entré à ${doorTime(at)} (porte 2)`);
    expect(
      screen
        .getAllByRole('status')
        .some((s) => s.textContent === '1 contrôle envoyé après la coupure, 0 entrée validée.'),
    ).toBe(true);
    const [row] = await backend.sql<{ first_door: string; second_door: string }>(
      'select first_door, second_door from door_double_entries',
    );
    expect(row).toEqual({ first_door: 'Porte 2', second_door: 'Porte 1' });
    expect((await entries(p.pass_code))[0].checked_in_door).toBe('Porte 2');
  });
});
