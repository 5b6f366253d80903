/**
 * Shared by the public content tests (tests/component/public-content*.test.tsx): the site's
 * routes rendered at a path, the edition's settings put back before each test, reservations.
 */
import { afterEach, beforeAll, beforeEach } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppRoutes } from '@/app/router';
import { chunksFor, ErrorPage, PUBLIC_ROUTES } from '@/app/routes';
import { resetProofOfWork } from '@/data/shared/public-write';
import { testBackend } from '../../setup/test-backend';

export const backend = testBackend();
export const SLOW = { timeout: 10_000 };
const DAY = 24 * 3600 * 1000;
export const inDays = (n: number) => new Date(Date.now() + n * DAY);

const OPEN = `registration_opens_at = now() - interval '1 day',
  registration_closes_at = now() + interval '1 day', max_participants = 2000`;
export const setWindow = (set: string) => backend.sql(`update contest_settings set ${set}`);

/**
 * Loads every page once; each test starts with no rows, registration open and the edition’s
 * settings.
 */
export function preloadPagesAndResetEdition(): void {
  // Every page, and the parts hydrated later (home content, footer), as src/main.tsx loads them
  // before rendering a page anew.
  beforeAll(async () => {
    const chunks = [
      ErrorPage,
      ...PUBLIC_ROUTES.map((r) => r.page),
      ...chunksFor('/', { parts: true }),
    ];
    await Promise.all(chunks.map((p) => p.preload()));
  });

  beforeEach(async () => {
    sessionStorage.clear();
    await backend.sql('delete from participants; delete from reservations');
    await setWindow(OPEN);
    await backend.setEdition({
      capacity: 100,
      overbooking_percent: 0,
      concert_starts_at: inDays(20),
      doors_open_at: inDays(20 - 1 / 24), // before the concert whatever the clock reads between the two
      reservations_open_at: inDays(-5),
      reservations_close_at: null,
      contact_phone: '699123456',
      contact_email: 'contact@booster-challenge.cm',
    });
  });
  afterEach(() => resetProofOfWork());
}

export function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
    </MemoryRouter>,
  );
}

export const banner = () => screen.getByRole('region', { name: /^Booster Night Party/ });

export async function storeReservations(n: number) {
  for (let i = 0; i < n; i++)
    await backend.sql(
      `insert into reservations (full_name, phone, ville, attendance_status, heard_from, will_attend,
         attendance_barrier, follows_booster_page, consumes_booster_products, state)
       values ($1, $2, 'Douala', 'yes', 'social', 'yes', 'none', 'yes', 'yes', 'confirmed')`,
      [`Invité ${i}`, `69000010${i}`],
    );
}
