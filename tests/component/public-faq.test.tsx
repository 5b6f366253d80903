import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import FaqPage from '@/features/faq/FaqPage';
import { fr } from '../setup/french';

describe('FAQ page', () => {
  it('shows 15 questions, one open at a time, and links to contact and register', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <FaqPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Questions fréquentes' })).toBeVisible();
    expect(document.title).toBe('FAQ – Booster Challenge');

    const list = screen.getByRole('list');
    const questions = within(list).getAllByRole('button');
    expect(questions).toHaveLength(15);
    expect(within(list).queryAllByRole('region')).toHaveLength(0); // all closed

    const age = screen.getByRole('button', {
      name: fr('Quel âge faut-il avoir pour participer ?'),
    });
    await user.click(age);
    expect(age).toHaveAttribute('aria-expanded', 'true');
    const answer = screen.getByRole('region', {
      name: fr('Quel âge faut-il avoir pour participer ?'),
    });
    expect(answer).toHaveTextContent(/au moins 16 ans/);

    const prizes = screen.getByRole('button', { name: fr('Que peut-on gagner ?') });
    await user.click(prizes);
    expect(prizes).toHaveAttribute('aria-expanded', 'true');
    expect(age).toHaveAttribute('aria-expanded', 'false');
    expect(within(list).getAllByRole('region')).toHaveLength(1);
    expect(within(list).getByRole('region')).toHaveTextContent('2 000 000 FCFA');

    await user.click(prizes); // closes again
    expect(within(list).queryAllByRole('region')).toHaveLength(0);

    expect(screen.getByRole('link', { name: 'Contactez-nous' })).toHaveAttribute(
      'href',
      '/contact',
    );
    expect(screen.getByRole('link', { name: 'S’inscrire au challenge' })).toHaveAttribute(
      'href',
      '/inscription',
    );
  });
});
