import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { vi } from 'vitest';
import ToastHost from '@/app/ToastHost';
import { AdminLayout, ADMIN_ROUTES, STANDALONE_ROUTES } from '@/app/routes';
import { adminQueryClient } from '@/features/admin/workspace/query-client';
import { signInAdmin } from '@/data/staff/admin-auth';
import { saveAdminSession } from '@/lib/admin-session';
import { formatCount } from '@/lib/numbers';

/** Helpers of the admin component tests (tests/component/admin-*.test.tsx). */

// The pages of the app's route manifest, loaded once before any test renders them: a lazy page
// whose chunk has arrived renders at once, as it does in the app after preloadRoute().
const ROUTES = [...STANDALONE_ROUTES, ...ADMIN_ROUTES];
await Promise.all([AdminLayout, ...ROUTES.map((r) => r.page)].map((page) => page.preload()));

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
 * The admin routes of the app's manifest (src/app/routes.ts), starting at `path`, with the toast container. The
 * admin query cache lives as long as the page (src/features/admin/workspace/query-client.ts): it is
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
          {STANDALONE_ROUTES.map(({ path, page: Page }) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          <Route path="/admin" element={<AdminLayout />}>
            {ADMIN_ROUTES.map(({ path, page: Page }) =>
              path === '/admin' ? (
                <Route key={path} index element={<Page />} />
              ) : (
                <Route key={path} path={path} element={<Page />} />
              ),
            )}
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

/**
 * A count as the lists show it (formatCount: 2 500), with the plain space Testing Library's
 * normaliser turns the narrow no-break space into.
 */
export const shownCount = (n: number) => formatCount(n).replace(/\s/g, ' ');
