import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppRoutes } from '@/app/router';

/**
 * A page that fails to render shows the specification's error page between the site's header
 * and footer (the page's own error boundary), not a blank screen nor a page without navigation.
 */
vi.mock('@/features/rules/RulesPage', () => ({
  default: function BrokenPage() {
    throw new Error('Panne de rendu');
  },
}));

describe('a render error', () => {
  it('shows the error page inside the layout, and the boundary logs the error', async () => {
    // React and the boundary log the error: expected here (tests/setup/dom.ts fails on others).
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={['/reglement']}>
        <AppRoutes />
      </MemoryRouter>,
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Oops! Une erreur est survenue' }),
    ).toBeVisible();
    expect(screen.getByRole('banner')).toBeVisible();
    expect(screen.getByRole('contentinfo')).toBeVisible();
    // Not an unknown path: no "page does not exist" message.
    expect(screen.queryByText(/Cette page n’existe pas/)).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Pages principales' })).getByRole('link', {
        name: 'FAQ',
      }),
    ).toHaveAttribute('href', '/faq');
    expect(logged).toHaveBeenCalledWith('Erreur de rendu :', expect.any(Error));
  });
});
