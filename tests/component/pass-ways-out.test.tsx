import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import App from '@/app/App';
import { resetPublicQueries } from '@/lib/public-query';
import { testBackend } from '../setup/test-backend';
import { fr } from '../setup/french';

/**
 * Issue 40, item 1, "the pass comes first", against the real local backend: the header's "Mon
 * pass" (the last pass this phone opened, else "Retrouver mon pass") and "Voter" on the concert's
 * evening; the way out of each dead end (unknown pass, cancelled pass), which also forgets the
 * code kept on this phone; the footer's year, never after the Night Party's.
 */
const backend = testBackend();
const SLOW = { timeout: 8000 };
const HOUR = 3_600_000;
const KEY = 'booster-last-pass';

async function stored(phone: string, state = 'confirmed') {
  const [row] = await backend.sql<{ pass_code: string }>(
    `insert into reservations (full_name, phone, ville, attendance_status, heard_from, will_attend,
       attendance_barrier, follows_booster_page, consumes_booster_products, state, cancelled_at)
     values ('Awa Ngono', $1, 'Douala', 'yes', 'social', 'yes', 'none', 'yes', 'yes', $2,
             case when $2 = 'cancelled' then now() end)
     returning pass_code`,
    [phone, state],
  );
  return row.pass_code;
}

function open(path: string) {
  window.history.replaceState(null, '', path);
  return render(<App />);
}

/** The header's pass links: a part hydrated after the rest, so awaited. */
const header = () => screen.findByRole('navigation', { name: 'Accès au pass' }, SLOW);

beforeEach(async () => {
  await backend.sql('delete from reservations');
  await backend.setEdition({
    concert_starts_at: new Date(Date.now() + 20 * 24 * HOUR),
    doors_open_at: new Date(Date.now() + 20 * 24 * HOUR - 2 * HOUR),
  });
});
afterEach(() => {
  window.history.replaceState(null, '', '/');
  localStorage.clear();
  resetPublicQueries();
});

describe('the header', () => {
  it('offers "Retrouver mon pass", then "Mon pass" once a pass was opened on this phone', async () => {
    const user = userEvent.setup({ delay: null });
    const code = await stored('690000011');
    const { unmount } = open('/faq');
    const recover = within(await header()).getByRole('link', { name: 'Retrouver mon pass' });
    expect(recover).toHaveAttribute('href', '/night-party#retrouver-pass');
    await user.click(recover);
    // The Night Party page's "Pass perdu ?" section, its form open on the phone field.
    const section = await screen.findByRole('region', { name: fr('Pass perdu ?') }, SLOW);
    expect(
      await within(section).findByLabelText(/^Téléphone de la réservation/, {}, SLOW),
    ).toHaveFocus();
    // Asked again, the page and the form are loaded already: the field takes the focus in the
    // same commit as the page, and the route's move to the h1 must leave it there.
    await user.click(screen.getAllByRole('link', { name: 'FAQ' })[0]);
    await screen.findByRole('heading', { level: 1, name: /questions/i }, SLOW);
    await user.click(within(await header()).getByRole('link', { name: 'Retrouver mon pass' }));
    const field = await screen.findByLabelText(/^Téléphone de la réservation/, {}, SLOW);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(field).toHaveFocus();
    unmount();

    open(`/pass/${code}`);
    await screen.findByText('Place confirmée', {}, SLOW);
    const mine = await within(await header()).findByRole('link', { name: 'Mon pass' });
    expect(mine).toHaveAttribute('href', `/pass/${code}`);
    expect(localStorage.getItem(KEY)).toBe(code);
    expect(within(await header()).queryByRole('link', { name: 'Voter' })).toBeNull();
  });

  it('offers "Voter" on the concert’s evening only', async () => {
    await backend.setEdition({
      concert_starts_at: new Date(Date.now() + HOUR),
      doors_open_at: new Date(Date.now() - HOUR),
    });
    open('/faq');
    const vote = await within(await header()).findByRole('link', { name: 'Voter' }, SLOW);
    expect(vote).toHaveAttribute('href', '/vote');
  });
});

describe('the dead ends', () => {
  it('an unknown pass: "Retrouver mon pass" and "Réserver ma place"; its code is forgotten', async () => {
    localStorage.setItem(KEY, 'ZZZZZZZZZZ');
    open('/pass/ZZZZZZZZZZ');
    const main = await screen.findByRole('main');
    await within(main).findByRole('heading', { name: 'Pass inconnu' }, SLOW);
    expect(within(main).getByRole('link', { name: 'Retrouver mon pass' })).toHaveAttribute(
      'href',
      '/night-party#retrouver-pass',
    );
    expect(within(main).getByRole('link', { name: 'Réserver ma place' })).toHaveAttribute(
      'href',
      '/night-party',
    );
    await waitFor(() => expect(localStorage.getItem(KEY)).toBeNull());
    expect(within(await header()).getByRole('link', { name: 'Retrouver mon pass' })).toBeVisible();
  });

  it('a cancelled pass: "Réserver une nouvelle place" and "Retrouver mon pass"; forgotten', async () => {
    const code = await stored('690000012', 'cancelled');
    localStorage.setItem(KEY, code);
    open(`/pass/${code}`);
    const main = await screen.findByRole('main');
    const dead = await within(main).findByRole('region', { name: 'Réservation annulée' }, SLOW);
    expect(within(dead).getByRole('link', { name: 'Réserver une nouvelle place' })).toHaveAttribute(
      'href',
      '/night-party',
    );
    expect(within(dead).getByRole('link', { name: 'Retrouver mon pass' })).toHaveAttribute(
      'href',
      '/night-party#retrouver-pass',
    );
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
    await waitFor(() => expect(localStorage.getItem(KEY)).toBeNull());
  });
});

describe('the footer', () => {
  it('dates its © with the edition’s first year, not the final’s (Night Party 2026, final 2027)', async () => {
    await backend.sql(`update contest_settings set registration_opens_at = '2026-10-30T00:00:00+01',
      registration_closes_at = '2027-01-28T23:59:00+01', final_on = '2027-02-27'`);
    await backend.setEdition({
      concert_starts_at: new Date('2026-12-20T16:00:00+01:00'),
      doors_open_at: new Date('2026-12-20T14:00:00+01:00'),
      reservations_open_at: new Date('2026-11-01T00:00:00+01:00'),
    });
    open('/');
    const footer = screen.getByRole('contentinfo');
    await waitFor(
      () => expect(footer).toHaveTextContent(/© 2026 Booster Challenge\. Tous droits réservés\./),
      SLOW,
    );
    expect(footer).not.toHaveTextContent(/2027/);
  });
});
