/**
 * Shared by the judge's page tests (tests/component/jury-*.test.tsx): judges and a session of
 * today in Douala (through the admins' function), performers convoked as superuser, the page's
 * sign-in and the scorecard's helpers.
 */
import { afterEach } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import JuryPage from '@/features/jury/JuryPage';
import { signOutJury } from '@/data/staff/jury-sign-in';
import { testBackend } from '../../setup/test-backend';
import { doualaDay } from '@/lib/dates';

export const backend = testBackend();
export const PASSWORD = 'jury-password-123';

export type Network = 'up' | 'down' | 'lose-answers';

/** A switch in front of the real `fetch` (as the door's tests): 'down' fails every request. */
export function routeFetchThrough(network: () => Network): void {
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (...args: Parameters<typeof fetch>) => {
    if (network() === 'down') throw new TypeError('Failed to fetch');
    const response = await realFetch(...args);
    if (network() === 'lose-answers') throw new TypeError('Failed to fetch');
    return response;
  };
}

export function signOutAfterEach(): void {
  afterEach(async () => {
    await signOutJury();
    localStorage.clear();
  });
}

let serial = 0;
const CITIES = ['Douala', 'Yaoundé', 'Bafoussam', 'Garoua', 'Limbe'] as const;

/**
 * Two new judges (the first one leads) and today's session in a city of its own with `names`
 * convoked (dance, a slot every 10 minutes from 10:00), through admin_save_audition_session.
 */
export async function todaysSession(names = ['Awa Ngono', 'Bibi Eto', 'Cyril Manga']) {
  const n = ++serial;
  const city = CITIES[(n - 1) % CITIES.length];
  const category = (['dance', 'both', 'singing'] as const)[Math.floor((n - 1) / CITIES.length)];
  const adminEmail = `jury-admin-${n}@example.cm`;
  await backend.createUser(adminEmail, PASSWORD, { admin: true });
  const judges = [`jure${n}a@example.cm`, `jure${n}b@example.cm`];
  const ids = [
    await backend.createUser(judges[0], PASSWORD, { role: 'jury' }),
    await backend.createUser(judges[1], PASSWORD, { role: 'jury' }),
  ];
  const day = doualaDay();
  const cat = category === 'singing' ? 'singing' : 'dance';
  const people = await backend.sql<{ id: string }>(
    `insert into participants (full_name, email, phone, city, region, category, participation_type,
       agree_to_terms, status, audition_city, audition_at)
     select n.name, 'jpage' || $1::int || '-' || n.i || '@example.cm',
            '67' || lpad(($1::int * 100 + n.i)::text, 7, '0'), 'Douala', 'Littoral', $2, 'solo',
            true, 'convoque', $3, ($4::date + time '10:00')::timestamp at time zone 'Africa/Douala'
              + (n.i - 1) * interval '10 minutes'
       from unnest($5::text[]) with ordinality n(name, i)
     returning id::text`,
    [n, cat, city, day, names],
  );
  const admin = await backend.signedInClient(adminEmail, PASSWORD);
  const { data, error } = await admin.rpc('admin_save_audition_session', {
    payload: {
      city,
      held_on: day,
      category,
      venue: 'Salle des fêtes d’Akwa',
      judges: ids,
      lead: ids[0],
    },
  });
  if (error) throw new Error(error.message);
  return {
    id: (data as { id: string }).id,
    judges,
    judgeIds: ids,
    adminEmail,
    people: people.map((p) => p.id),
  };
}

export async function openJury(email: string) {
  const user = userEvent.setup();
  const view = render(<JuryPage />);
  await user.type(await screen.findByLabelText(/^E-mail/), email);
  await user.type(screen.getByLabelText(/^Mot de passe/), PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Se connecter' }));
  await screen.findByRole('heading', { level: 1, name: 'Jury des auditions' });
  await screen.findByRole('form', { name: /^Notes de / });
  return { user, view };
}

type User = ReturnType<typeof userEvent.setup>;

/**
 * Scores every criterion of the shown card with `value`, as a keyboard does: an unscored bar
 * takes a digit (End for 10), then the slider it becomes takes → for the half point.
 */
export async function scoreAll(user: User, value: number) {
  const form = screen.getByRole('form', { name: /^Notes de / });
  const groups = within(form)
    .getAllByRole('group')
    .filter((g) => within(g).queryAllByRole('button', { name: /un demi-point de plus$/ }).length);
  for (const group of groups) {
    const bar = within(group).queryByRole('spinbutton') ?? within(group).getByRole('slider');
    bar.focus();
    await user.keyboard(value >= 10 ? '{End}' : String(Math.floor(value)));
    if (value % 1) await user.keyboard('{ArrowRight}');
  }
}

/** The performer the scorecard is for. */
export const currentName = () =>
  screen
    .getByRole('form', { name: /^Notes de / })
    .getAttribute('aria-label')
    ?.replace(/^Notes de /, '');

export const cards = (sessionId: string) =>
  backend.sql<{
    judge: string;
    participant_id: string;
    revision: number;
    absent: boolean;
    n: number;
  }>(
    `select c.judge_id::text as judge, c.participant_id::text, c.revision, c.absent,
            (select count(*)::int from audition_scores s where s.scorecard_id = c.id) as n
       from audition_scorecards c where c.session_id = $1 order by c.participant_id`,
    [sessionId],
  );
