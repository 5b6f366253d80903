import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import ErrorPage from '@/features/errors/ErrorPage';
import { SUPABASE_AUTH_STORAGE_KEY } from '@/data/shared/supabase';

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
});

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/" element={<h1>Page d'accueil</h1>} />
        <Route path="*" element={<ErrorPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('error page', () => {
  it('shows the title, the ?error= message, the browser, the URL and the contact address', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    );
    renderAt('/page-inconnue?error=Le%20chargement%20a%20%C3%A9chou%C3%A9');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Oops! Une erreur est survenue' }),
    ).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Le chargement a échoué');
    expect(screen.getByText('Chrome 124')).toBeVisible();
    expect(screen.getByText(window.location.href)).toBeVisible();
    // One address everywhere (issue 14): the contact e-mail, not a separate support address.
    expect(screen.getByRole('link', { name: 'contact@booster-challenge.cm' })).toHaveAttribute(
      'href',
      'mailto:contact@booster-challenge.cm',
    );
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute('href', '/');
  });

  it('shows no message box without ?error=', () => {
    renderAt('/nulle-part');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Oops!');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('Actualiser keeps the admin session, clears the rest, and goes home after 1 second', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    localStorage.setItem('admin_session', '{"isAuthenticated":true}');
    localStorage.setItem(SUPABASE_AUTH_STORAGE_KEY, '{"access_token":"x"}');
    localStorage.setItem('app_version', '1.0.1');
    localStorage.setItem('registration_draft', '{}');
    sessionStorage.setItem('tab', '1');
    renderAt('/casse');

    await user.click(screen.getByRole('button', { name: 'Actualiser' }));
    await waitFor(() => expect(localStorage.getItem('registration_draft')).toBeNull());
    expect(localStorage.getItem('app_version')).toBeNull();
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.getItem('admin_session')).toBe('{"isAuthenticated":true}');
    expect(localStorage.getItem(SUPABASE_AUTH_STORAGE_KEY)).toBe('{"access_token":"x"}');

    act(() => vi.advanceTimersByTime(900));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Oops!');
    act(() => vi.advanceTimersByTime(150));
    expect(await screen.findByRole('heading', { level: 1, name: "Page d'accueil" })).toBeVisible();
  });
});
