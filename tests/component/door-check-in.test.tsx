import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import DoorPage from '@/features/door/DoorPage';
import { NOT_DOOR_STAFF, getDoorStaff, signOutDoor } from '@/data/staff/door-sign-in';
import { testBackend } from '../setup/test-backend';

/**
 * The door check-in page (/porte) against the real local backend: who may use it, a typed code
 * (validated, then "déjà entré"), the phone search, and the offline queue (scans kept while the
 * network is down, sent once when it returns, never counted twice).
 */
const backend = testBackend();

// supabase-js keeps the `fetch` it finds when the client is created: this switch sits in front
// of the real one for the whole file. 'down': every request fails as offline; 'lose-answers':
// requests reach the database but their answers are lost (a network drop mid-request).
type Network = 'up' | 'down' | 'lose-answers';
let network: Network = 'up';
const realFetch = globalThis.fetch;
globalThis.fetch = async (...args: Parameters<typeof fetch>) => {
  if (network === 'down') throw new TypeError('Failed to fetch');
  const response = await realFetch(...args);
  if (network === 'lose-answers') throw new TypeError('Failed to fetch');
  return response;
};

const DOOR_EMAIL = 'porte@example.cm';
const DOOR_PASSWORD = 'porte-password-123';

/** The night: the concert starts in an hour, the doors opened an hour ago (the door window). */
const openTheDoors = () =>
  backend.setEdition({
    concert_starts_at: new Date(Date.now() + 3_600_000),
    doors_open_at: new Date(Date.now() - 3_600_000),
  });

beforeAll(async () => {
  await openTheDoors();
  await backend.createUser(DOOR_EMAIL, DOOR_PASSWORD, { role: 'controle' });
  await backend.createUser('lecteur@example.cm', 'lecteur-password-123', { role: 'lecteur' });
  await backend.createUser('curieux@example.cm', 'curieux-password-123');
});

beforeEach(async () => {
  await backend.sql('delete from reservations');
});

afterEach(async () => {
  network = 'up';
  await signOutDoor();
  localStorage.clear();
});

let serial = 0;
/** A reservation written as superuser; returns its pass code and phone. */
async function pass(
  state: 'confirmed' | 'waitlisted' | 'cancelled' = 'confirmed',
  name = 'Awa Ngono',
) {
  const n = ++serial;
  const [row] = await backend.sql<{ pass_code: string; phone: string }>(
    `insert into reservations (full_name, phone, ville, heard_from, state, queue_number, cancelled_at)
     values ($1, $2, 'Douala', 'flyer', $3,
             case when $3 = 'waitlisted' then nextval('private.reservation_queue') end,
             case when $3 = 'cancelled' then now() end)
     returning pass_code, phone`,
    [name, `69${String(n).padStart(7, '0')}`, state],
  );
  return row;
}

const entries = (code: string) =>
  backend.sql<{ checked_in_at: Date | null; checked_in_door: string | null; scan: string | null }>(
    `select checked_in_at, checked_in_door, check_in_scan_id::text as scan
       from reservations where pass_code = $1`,
    [code],
  );

async function signIn(email = DOOR_EMAIL, password = DOOR_PASSWORD) {
  const user = userEvent.setup();
  const view = render(<DoorPage />);
  await user.type(await screen.findByLabelText(/^E-mail/), email);
  await user.type(screen.getByLabelText(/^Mot de passe/), password);
  await user.click(screen.getByRole('button', { name: 'Se connecter' }));
  return { user, view };
}

/** Signs in as door staff and waits for the check-in screen. */
async function openDoor() {
  const { user, view } = await signIn();
  await screen.findByRole('heading', { level: 1, name: 'Contrôle des entrées' });
  await screen.findByLabelText('Code du pass');
  return { user, view };
}

/** The live count "entered / expected" reads `text`. */
const countShows = (text: string) => screen.findByText(text, { selector: 'dd' });

async function typeCode(user: ReturnType<typeof userEvent.setup>, code: string) {
  await user.type(screen.getByLabelText('Code du pass'), code);
  await user.click(screen.getByRole('button', { name: 'Valider le code' }));
}

/** The verdict's title: the only level-2 heading while the rest of the screen is hidden. */
async function verdict() {
  await screen.findByRole('button', { name: 'Scanner le suivant' });
  return screen.getByRole('heading', { level: 2 });
}

describe('door sign-in', () => {
  it('refuses an account that is not staff and signs it out', async () => {
    await signIn('curieux@example.cm', 'curieux-password-123');
    expect(await screen.findByText(NOT_DOOR_STAFF)).toBeVisible();
    expect(await getDoorStaff()).toBeNull();
    expect(screen.queryByLabelText('Code du pass')).toBeNull();
  });

  it('refuses a reader (lecteur): no check-in for that role', async () => {
    await signIn('lecteur@example.cm', 'lecteur-password-123');
    expect(await screen.findByText(NOT_DOOR_STAFF)).toBeVisible();
    expect(await getDoorStaff()).toBeNull();
  });

  it('says a wrong password in the admin sign-in’s words', async () => {
    await signIn(DOOR_EMAIL, 'pas-le-bon');
    expect(await screen.findByText('Email ou mot de passe incorrect')).toBeVisible();
  });

  it('lets door staff in, sets the title, and keeps them signed in on this phone', async () => {
    const { view } = await openDoor();
    expect(document.title).toBe('Contrôle des entrées — Booster Night Party');
    expect(screen.getByText(DOOR_EMAIL)).toBeVisible();
    // Nothing else than the check-in: no link anywhere (lists, exports…).
    expect(screen.queryAllByRole('link')).toEqual([]);
    screen.getByRole('button', { name: 'Déconnexion' });
    view.unmount();
    render(<DoorPage />);
    expect(await screen.findByLabelText('Code du pass')).toBeVisible();
  });
});

describe('door sign-out', () => {
  const doorSessions = async () =>
    Number(
      (
        await backend.sql<{ n: string }>(
          'select count(*) as n from auth.sessions s join auth.users u on u.id = s.user_id where u.email = $1',
          [DOOR_EMAIL],
        )
      )[0].n,
    );

  it('ends this phone’s session only: another door signed in with the same account keeps working', async () => {
    const otherDoor = await backend.signedInClient(DOOR_EMAIL, DOOR_PASSWORD);
    const { user } = await openDoor();
    expect(await doorSessions()).toBe(2);
    await user.click(screen.getByRole('button', { name: 'Déconnexion' }));
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeVisible();
    await expect.poll(doorSessions).toBe(1);
    const { data, error } = await otherDoor.auth.getUser();
    expect(error).toBeNull();
    expect(data.user?.email).toBe(DOOR_EMAIL);
  });

  it('signs out offline at once, and the phone opens signed out afterwards', async () => {
    const { user, view } = await openDoor();
    network = 'down';
    await user.click(screen.getByRole('button', { name: 'Déconnexion' }));
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeVisible();
    view.unmount();
    render(<DoorPage />);
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeVisible();
    expect(screen.queryByLabelText('Code du pass')).toBeNull();
    expect(await getDoorStaff()).toBeNull();
  });
});

describe('check-in', () => {
  it('validates a typed code, then answers "déjà entré" with the time and door', async () => {
    const { pass_code } = await pass('confirmed', 'Awa Ngono Mballa');
    await pass('confirmed', 'Paul Biya');
    const { user } = await openDoor();
    await countShows('0 / 2');
    const door = screen.getByLabelText('Porte');
    await user.clear(door);
    await user.type(door, 'Porte 3');
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
    const time = new Intl.DateTimeFormat('fr-FR', {
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Africa/Douala',
    }).format(row.checked_in_at!);
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

  it('refuses a code of the wrong shape before asking the database', async () => {
    const { user } = await openDoor();
    await typeCode(user, 'ABC');
    expect(await screen.findByText(/Un code de pass a 10 caractères/)).toBeVisible();
    expect(screen.getByLabelText('Code du pass')).toHaveFocus();
  });

  it('finds a pass by its holder’s phone, as people write it', async () => {
    const { phone } = await pass('confirmed', 'Awa Ngono');
    const { user } = await openDoor();
    await user.type(
      screen.getByLabelText('Téléphone du titulaire'),
      `+237 ${phone.slice(0, 3)} ${phone.slice(3)}`,
    );
    await user.click(screen.getByRole('button', { name: 'Chercher par téléphone' }));
    expect(await verdict()).toHaveTextContent('Entrée validée — Awa N.');
    expect(screen.getByText(`Téléphone ${phone[0]}•• •• •• ${phone.slice(7)}`)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Scanner le suivant' }));
    expect(screen.getByLabelText('Téléphone du titulaire')).toHaveFocus();

    await user.type(screen.getByLabelText('Téléphone du titulaire'), '600000000');
    await user.click(screen.getByRole('button', { name: 'Chercher par téléphone' }));
    expect(await verdict()).toHaveTextContent('Pass inconnu');
    expect(screen.getByRole('alert')).toHaveTextContent('Aucune réservation à ce numéro.');
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
        /il ouvre le [^ ]+ \d{1,2} [^ ]+ \d{4} à \d\d:\d\d\. D’ici là, les contrôles sont refusés\.$/,
      );
      await typeCode(user, pass_code);
      expect(await verdict()).toHaveTextContent(/^Contrôle fermé$/);
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent(
        /Le contrôle des entrées n'est pas encore ouvert : il ouvre le \d\d\/\d\d\/\d{4} à \d\dh\d\d\./,
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
        await user.type(screen.getByLabelText('Téléphone du titulaire'), phone);
        await user.click(screen.getByRole('button', { name: 'Chercher par téléphone' }));
      };
      await search('600000001');
      expect(await verdict()).toHaveTextContent('Pass inconnu');
      await user.click(screen.getByRole('button', { name: 'Scanner le suivant' }));
      await search('600000002');
      expect(await verdict()).toHaveTextContent(/^Trop de recherches par téléphone$/);
      expect(screen.getByRole('alert')).toHaveTextContent(
        /Trop de recherches par téléphone depuis ce compte : réessayez dans (une minute|\d+ minutes), ou scannez le pass ou tapez son code\./,
      );
    } finally {
      await backend.sql('update private.door_settings set lookup_max_per_window = 20');
    }
  });

  it('refuses a door name the database would refuse, before any scan', async () => {
    const { user } = await openDoor();
    const door = screen.getByLabelText('Porte');
    await user.clear(door);
    await user.type(door, '<Porte>');
    expect(door).toHaveAccessibleDescription(
      /Nom de porte invalide\s: de 1 à 40 lettres, chiffres, espaces ou - ' \. # ° \/ \( \), ex\. «\sPorte 1\s»\./,
    );
    expect(localStorage.getItem('booster-door-name')).not.toBe('<Porte>');
  });
});

describe('offline', () => {
  it('queues scans while the network is down and sends each once when it returns', async () => {
    const offlinePass = await pass('confirmed', 'Awa Ngono');
    const droppedPass = await pass('confirmed', 'Paul Mbarga');
    const lostAnswerPass = await pass('confirmed', 'Rose Abena');
    const { user } = await openDoor();
    await countShows('0 / 3');

    // 1. The phone says it is offline: nothing is tried, the scan is queued.
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await typeCode(user, offlinePass.pass_code);
    expect(await verdict()).toHaveTextContent('En attente de réseau — sera envoyé');
    expect(screen.getAllByRole('status').some((s) => /attente/.test(s.textContent ?? ''))).toBe(
      true,
    );
    await user.click(screen.getByRole('button', { name: 'Scanner le suivant' }));
    onLine.mockRestore();

    // 2. The phone thinks it is online, but requests fail.
    network = 'down';
    await typeCode(user, droppedPass.pass_code);
    expect(await verdict()).toHaveTextContent('En attente de réseau — sera envoyé');
    await user.click(screen.getByRole('button', { name: 'Scanner le suivant' }));

    // 3. The request reaches the database but its answer is lost: queued too.
    network = 'lose-answers';
    await typeCode(user, lostAnswerPass.pass_code);
    expect(await verdict()).toHaveTextContent('En attente de réseau — sera envoyé');
    await user.click(screen.getByRole('button', { name: 'Scanner le suivant' }));
    network = 'down';

    expect(
      await screen.findByText('3 contrôles en attente de réseau — seront envoyés'),
    ).toBeVisible();
    expect((await entries(offlinePass.pass_code))[0].checked_in_at).toBeNull();
    expect((await entries(droppedPass.pass_code))[0].checked_in_at).toBeNull();
    const [lost] = await entries(lostAnswerPass.pass_code);
    expect(lost.checked_in_at).not.toBeNull(); // stored, though the door never heard it

    // The network returns.
    network = 'up';
    window.dispatchEvent(new Event('online'));
    const sent = await screen.findByRole('region', { name: 'Envoyés après la coupure' });
    await waitFor(() => expect(within(sent).getAllByRole('listitem')).toHaveLength(3));
    // The retried scan carries the scan id of its first try: validated again, not "déjà entré".
    for (const item of within(sent).getAllByRole('listitem'))
      expect(item).toHaveTextContent('Entrée validée');
    await countShows('3 / 3');
    await waitFor(() => expect(screen.queryByText(/en attente de réseau/)).not.toBeInTheDocument());
    for (const p of [offlinePass, droppedPass, lostAnswerPass]) {
      const [row] = await entries(p.pass_code);
      expect(row.checked_in_at).not.toBeNull();
      expect(row.checked_in_door).toBe('Porte 1');
    }
    expect((await entries(lostAnswerPass.pass_code))[0].scan).toBe(lost.scan);
    const [{ count }] = await backend.sql<{ count: number }>(
      `select count(*)::int as count from reservations where checked_in_at is not null`,
    );
    expect(count).toBe(3);
  });
});

describe('sign-out with scans still waiting for the network', () => {
  it('warns first; "Rester connecté" keeps the door, and the scans leave with the next sign-in', async () => {
    const waiting = await pass('confirmed', 'Awa Ngono');
    const { user, view } = await openDoor();
    network = 'down';
    await typeCode(user, waiting.pass_code);
    expect(await verdict()).toHaveTextContent('En attente de réseau — sera envoyé');
    await user.click(screen.getByRole('button', { name: 'Scanner le suivant' }));

    await user.click(screen.getByRole('button', { name: 'Déconnexion' }));
    const warning = await screen.findByRole('region', {
      name: '1 contrôle n’est pas encore envoyé',
    });
    expect(warning).toHaveFocus();
    expect(warning).toHaveTextContent(
      'Il reste sur ce téléphone et sera envoyé à la prochaine connexion',
    );
    await user.click(within(warning).getByRole('button', { name: 'Rester connecté' }));
    expect(screen.queryByRole('region', { name: /pas encore envoyé/ })).toBeNull();
    expect(screen.getByLabelText('Code du pass')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Déconnexion' }));
    await user.click(await screen.findByRole('button', { name: 'Se déconnecter quand même' }));
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeVisible();
    expect((await entries(waiting.pass_code))[0].checked_in_at).toBeNull();

    // The next steward signs in on this phone with the network back: the scan is sent, once.
    network = 'up';
    view.unmount();
    await openDoor();
    await waitFor(async () =>
      expect((await entries(waiting.pass_code))[0].checked_in_at).not.toBeNull(),
    );
    await countShows('1 / 1');
  });

  it('signs out at once when nothing is waiting', async () => {
    const { user } = await openDoor();
    await user.click(screen.getByRole('button', { name: 'Déconnexion' }));
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeVisible();
  });
});
