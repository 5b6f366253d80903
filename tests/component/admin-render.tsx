import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { vi } from 'vitest';
import ToastHost from '@/app/ToastHost';
import AdminLayout from '@/app/layouts/AdminLayout';
import AdminLoginPage from '@/features/admin/auth/AdminLoginPage';
import DashboardPage from '@/features/admin/dashboard/DashboardPage';
import ParticipantsPage from '@/features/admin/participants/ParticipantsPage';
import ParticipantDetailPage from '@/features/admin/participants/ParticipantDetailPage';
import StatsPage from '@/features/admin/stats/StatsPage';
import ReservationsPage from '@/features/admin/reservations/ReservationsPage';
import { adminQueryClient } from '@/features/admin/shared/query-client';
import { signInAdmin } from '@/data/admin-auth';
import { saveAdminSession } from '@/lib/admin-session';

/** Helpers of the admin component tests (tests/component/admin-*.test.tsx). */

/**
 * Stands in for the browser's chrome: its address bar (the current URL, as a status named
 * "Adresse") and its Back button ("Page précédente du navigateur").
 */
function BrowserChrome() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output aria-label="Adresse">{`${pathname}${search}`}</output>
      <button type="button" onClick={() => navigate(-1)}>
        Page précédente du navigateur
      </button>
    </>
  );
}

/** The URL the admin would see in the address bar. */
export const currentUrl = () => screen.getByRole('status', { name: 'Adresse' }).textContent;

/**
 * The admin routes as the app declares them, starting at `path`, with the toast container. The
 * admin query cache lives as long as the page (src/features/admin/shared/query-client.ts): it is
 * emptied first, so every test starts like a fresh page load.
 */
export function renderAdmin(path: string) {
  adminQueryClient.clear();
  return render(
    <>
      <MemoryRouter initialEntries={[path]}>
        <BrowserChrome />
        <Routes>
          <Route path="/" element={<h1>Accueil du site</h1>} />
          <Route path="/admin/login" element={<AdminLoginPage />} />
          <Route path="/admin" element={<AdminLayout />}>
            <Route index element={<DashboardPage />} />
            <Route path="participants" element={<ParticipantsPage />} />
            <Route path="participants/:id" element={<ParticipantDetailPage />} />
            <Route path="stats" element={<StatsPage />} />
            <Route path="reservations" element={<ReservationsPage />} />
          </Route>
        </Routes>
      </MemoryRouter>
      <ToastHost />
    </>,
  );
}

/** Signs in through the data module and stores admin_session, as the login page does. */
export async function signInAsAdmin(email: string, password: string) {
  const { email: signedIn } = await signInAdmin(email, password);
  saveAdminSession(signedIn);
}

export type Download = { name: string; text: () => Promise<string> };

/** Captures files the page downloads (jsdom cannot save files). */
export function captureDownloads(): Download[] {
  const downloads: Download[] = [];
  const blobs = new Map<string, Blob>();
  let n = 0;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const url = `blob:test/${++n}`;
    blobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.href);
    if (blob) {
      // Decoded as a spreadsheet would read the bytes, keeping the byte-order mark visible.
      const text = async () =>
        new TextDecoder('utf-8', { ignoreBOM: true }).decode(await blob.arrayBuffer());
      downloads.push({ name: this.download, text });
    }
  });
  return downloads;
}

/** The <dd> of the <dt> named `label` (in `container`, default the whole page). */
export function definitionOf(label: string, container?: HTMLElement): HTMLElement {
  const terms = container ? within(container).getAllByRole('term') : screen.getAllByRole('term');
  const definitions = container
    ? within(container).getAllByRole('definition')
    : screen.getAllByRole('definition');
  const index = terms.findIndex((t) => t.textContent === label);
  if (index === -1) throw new Error(`No term "${label}"`);
  return definitions[index];
}
