/**
 * The door check-in page (/porte) against the real local backend: who may use it, a typed code
 * (validated, then "déjà entré"), the phone search, and the offline queue (scans kept while the
 * network is down, sent once when it returns, never counted twice).
 * Here: a typed code, the phone search and the door’s own refusals.
 */
import { describe, expect, it } from 'vitest';
import { formatEventTime } from '@/lib/dates';
import { screen, waitFor, within } from '@testing-library/react';
import {
  backend,
  openTheDoors,
  signInDoorStaffOnTheNight,
  pass,
  entries,
  openDoor,
  countShows,
  typeCode,
  verdict,
  signIn,
  chooseDoor,
} from './support/door';

signInDoorStaffOnTheNight();

describe('check-in', () => {
  it('validates a typed code, then answers "déjà entré" with the time and door', async () => {
    const { pass_code } = await pass('confirmed', 'Awa Ngono Mballa');
    await pass('confirmed', 'Paul Biya');
    const { user } = await openDoor('Porte 3');
    await countShows('0 / 2');
    expect(localStorage.getItem('booster-door-name')).toBe('Porte 3');

    // Typed as people do: lower case, in two groups.
    await typeCode(user, `${pass_code.slice(0, 5).toLowerCase()} ${pass_code.slice(5)}`);
    expect(await verdict()).toHaveTextContent('Entrée validée — Awa M.');
    expect(
      screen.getAllByRole('status').some((s) => /Entrée validée/.test(s.textContent ?? '')),
    ).toBe(true);
    const next = screen.getByRole('button', { name: 'Scanner le suivant' });
    expect(next).toHaveFocus();
    const [row] = await entries(pass_code);
    expect(row.checked_in_door).toBe('Porte 3');
    await countShows('1 / 2');

    await user.click(next);
    expect(screen.getByLabelText('Code du pass')).toHaveFocus();
    await typeCode(user, pass_code);
    // Hours as the glossary writes them ("16 h 05"), no-break spaces read as spaces.
    const time = formatEventTime(row.checked_in_at!).replace(/\s/g, ' ');
    expect(await verdict()).toHaveTextContent(`Déjà entré à ${time} (porte 3)`);
    expect(screen.getByRole('alert')).toHaveTextContent('ne laissez pas entrer une deuxième fois');
    await countShows('1 / 2');
  });

  it('answers unknown, waitlisted and cancelled passes in words', async () => {
    const waitlisted = await pass('waitlisted', 'Jean Fotso');
    const cancelled = await pass('cancelled', 'Marie Eto');
    const { user } = await openDoor();

    await typeCode(user, 'ZZZZZ ZZZZZ');
    expect(await verdict()).toHaveTextContent('Pass inconnu');
    expect(screen.getByRole('alert')).toHaveTextContent('Aucun pass ne correspond à ce code.');
    await user.click(screen.getByRole('button', { name: 'Scanner le suivant' }));

    await typeCode(user, waitlisted.pass_code);
    expect(await verdict()).toHaveTextContent(/^Liste d’attente — n° 1$/);
    await user.click(screen.getByRole('button', { name: 'Scanner le suivant' }));

    await typeCode(user, cancelled.pass_code);
    expect(await verdict()).toHaveTextContent(/^Annulé$/);
    expect(screen.getByRole('alert')).toHaveTextContent('Marie E.');
  });

  it('says why a typed code cannot be a pass, as a verdict, without asking the database', async () => {
    const { user } = await openDoor();
    const asked: string[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (...args: Parameters<typeof fetch>) => {
      asked.push(String(args[0]));
      return realFetch(...args);
    };
    try {
      const cases = [
        ['ABCDE12345', /^Ce code contient un 1\s: les pass n’ont ni 0, 1, I, L ni O\.$/],
        ['FETEO-23456', /^Ce code contient un O\s: les pass n’ont ni 0, 1, I, L ni O\.$/],
        ['ABC', /^Ce code a 3 caractères\s: un pass en a 10\.$/],
        [
          'ABCDE 2345?',
          /^Ce code contient «\s\?\s»\s: un pass n’a que des lettres et des chiffres\.$/,
        ],
      ] as const;
      for (const [typed, reason] of cases) {
        await typeCode(user, typed);
        expect(await verdict()).toHaveTextContent(/^Code impossible$/);
        const alert = screen.getByRole('alert');
        expect(within(alert).getByText(reason)).toBeVisible();
        expect(alert.textContent).toContain(`Code tapé\u00a0: ${typed}`);
        await user.click(screen.getByRole('button', { name: 'Scanner le suivant' }));
        await waitFor(() => expect(screen.getByLabelText('Code du pass')).toHaveFocus());
      }
      expect(asked.filter((url) => /check_in|door_sync/.test(url))).toEqual([]);
    } finally {
      globalThis.fetch = realFetch;
    }
    // An empty field is not a verdict: the field says what to type.
    await user.click(screen.getByRole('button', { name: 'Valider le code' }));
    expect(screen.getByLabelText('Code du pass')).toHaveAccessibleDescription(
      /Tapez le code du pass/,
    );
    expect(screen.getByLabelText('Code du pass')).toHaveFocus();
  });

  it('finds a pass by its holder’s phone, as people write it, and checks in only on "Valider l’entrée"', async () => {
    const { phone, pass_code } = await pass('confirmed', 'Awa Ngono');
    const { user } = await openDoor();
    await user.type(
      screen.getByLabelText('Téléphone du titulaire'),
      `+237 ${phone.slice(0, 3)} ${phone.slice(3)}`,
    );
    await user.click(screen.getByRole('button', { name: 'Chercher par téléphone' }));
    const found = await screen.findByRole('region', { name: '1 réservation trouvée' });
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: '1 réservation trouvée' })).toHaveFocus(),
    );
    expect(found).toHaveTextContent('Awa N.');
    expect(found).toHaveTextContent(`Téléphone ${phone[0]}•• •• •• ${phone.slice(7)}`);
    expect(found).toHaveTextContent('Place confirmée');
    // Nothing is recorded before the steward confirms who it is.
    expect((await entries(pass_code))[0].checked_in_at).toBeNull();
    await user.click(within(found).getByRole('button', { name: 'Valider l’entrée' }));
    expect(await verdict()).toHaveTextContent('Entrée validée — Awa N.');
    expect((await entries(pass_code))[0].checked_in_door).toBe('Porte 1');
    await user.click(screen.getByRole('button', { name: 'Scanner le suivant' }));
    await waitFor(() => expect(screen.getByLabelText('Téléphone du titulaire')).toHaveFocus());

    await user.clear(screen.getByLabelText('Téléphone du titulaire'));
    await user.type(screen.getByLabelText('Téléphone du titulaire'), '600000000');
    await user.click(screen.getByRole('button', { name: 'Chercher par téléphone' }));
    expect(
      await screen.findByRole('region', { name: 'Aucune réservation à ce numéro' }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Valider l’entrée' })).toBeNull();
  });
});

describe('the door’s own refusals (docs/decisions/017-roles-and-door-window.md)', () => {
  it('three weeks early: says when the door opens, and refuses a scan without "Pass inconnu"', async () => {
    const concert = new Date(Date.now() + 21 * 86_400_000);
    await backend.setEdition({
      concert_starts_at: concert,
      doors_open_at: new Date(concert.getTime() - 2 * 3_600_000),
    });
    try {
      const { pass_code } = await pass('confirmed', 'Awa Ngono');
      const { user } = await openDoor();
      expect(await screen.findByText(/^Contrôle fermé\s: il ouvre le /)).toHaveTextContent(
        /il ouvre le [^ ]+ \d{1,2} [^ ]+ \d{4} à \d{1,2} h( \d\d)?\. D’ici là, les contrôles sont refusés\.$/,
      );
      await typeCode(user, pass_code);
      expect(await verdict()).toHaveTextContent(/^Contrôle fermé$/);
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent(
        /Le contrôle des entrées n’est pas encore ouvert : il ouvre le \d\d\/\d\d\/\d{4} à \d{1,2}\sh(?:\s\d\d)?\./,
      );
      expect(alert).toHaveTextContent('Rien n’a été enregistré.');
      expect(alert).not.toHaveTextContent('Pass inconnu');
      expect((await entries(pass_code))[0].checked_in_at).toBeNull();
    } finally {
      await openTheDoors();
    }
  });

  it('too many phone look-ups: says so, not "Pass inconnu"', async () => {
    // One look-up per window, and none yet (earlier tests of this file looked phones up).
    await backend.sql(
      `update private.door_settings set lookup_max_per_window = 1;
       delete from audit_log where action = 'door.lookup'`,
    );
    try {
      const { user } = await openDoor();
      const search = async (phone: string) => {
        await user.clear(screen.getByLabelText('Téléphone du titulaire'));
        await user.type(screen.getByLabelText('Téléphone du titulaire'), phone);
        await user.click(screen.getByRole('button', { name: 'Chercher par téléphone' }));
      };
      await search('600000001');
      await screen.findByRole('region', { name: 'Aucune réservation à ce numéro' });
      await search('600000002');
      expect(await verdict()).toHaveTextContent(/^Trop de recherches par téléphone$/);
      expect(screen.getByRole('alert')).toHaveTextContent(
        /Trop de recherches par téléphone depuis ce compte : réessayez dans (une minute|\d+ minutes), ou scannez le pass ou tapez son code\./,
      );
    } finally {
      await backend.sql('update private.door_settings set lookup_max_per_window = 20');
    }
  });

  it('the door is chosen at sign-in among the declared doors, never a silent "Porte 1"', async () => {
    const { pass_code } = await pass('confirmed', 'Awa Ngono');
    const { user } = await signIn();
    const choice = await screen.findByRole('group', {
      name: 'À quelle porte contrôlez-vous\u00a0?',
    });
    expect(
      within(choice)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['Porte 1', 'Porte 2', 'Porte 3']);
    // Nothing chosen for the steward, and no field to type a door of one's own.
    expect(
      within(choice)
        .getAllByRole('radio')
        .filter((r) => (r as HTMLInputElement).checked),
    ).toEqual([]);
    expect(screen.queryByRole('textbox')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Commencer le contrôle' }));
    expect(choice).toHaveAccessibleDescription('Choisissez votre porte.');
    expect(screen.queryByLabelText('Code du pass')).toBeNull();
    await chooseDoor(user, 'Porte 2');
    await screen.findByRole('heading', { name: 'Cette porte\u00a0: Porte 2' });
    await typeCode(user, pass_code);
    expect(await verdict()).toHaveTextContent('Entrée validée — Awa N.');
    expect((await entries(pass_code))[0].checked_in_door).toBe('Porte 2');
    await user.click(screen.getByRole('button', { name: 'Scanner le suivant' }));

    // Changing doors goes back to the list, the current door already ticked.
    await user.click(screen.getByRole('button', { name: 'Changer de porte' }));
    expect(await screen.findByRole('radio', { name: 'Porte 2' })).toBeChecked();
  });

  it('says so when no door is declared yet, and lets no check-in start', async () => {
    await backend.sql('delete from private.declared_doors');
    try {
      await signIn();
      expect(
        await screen.findByText(/^Aucune porte n’est déclarée\s: un administrateur les indique/),
      ).toBeVisible();
      expect(screen.queryByRole('button', { name: 'Commencer le contrôle' })).toBeNull();
      expect(screen.queryByLabelText('Code du pass')).toBeNull();
    } finally {
      await backend.sql(
        "insert into private.declared_doors (position, name) values (1, 'Porte 1'), (2, 'Porte 2'), (3, 'Porte 3')",
      );
    }
  });
});
