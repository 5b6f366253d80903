import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NIGHT_PARTY_LOGO_LIGHT } from '@/components/brand/Logo';
import { StaffSignIn } from '@/components/staff/StaffSignIn';
import { BAD_CREDENTIALS } from '@/data/staff/admin-auth';
import { DataError } from '@/lib/errors';

/**
 * The door's and the jury's sign-in (src/components/staff/StaffSignIn.tsx) on react-hook-form:
 * the same messages under their fields, the focus on the first, nothing sent until both are
 * filled, the address trimmed, a refusal said next to the button.
 */
function renderSignIn(signIn: (email: string, password: string) => Promise<{ email: string }>) {
  const onSignedIn = vi.fn();
  render(
    <StaffSignIn
      logo={NIGHT_PARTY_LOGO_LIGHT}
      logoAlt="Booster Night Party"
      title="Contrôle des entrées"
      intro="Réservé au personnel de la porte."
      idPrefix="door"
      signIn={signIn}
      onSignedIn={onSignedIn}
    />,
  );
  return { onSignedIn, user: userEvent.setup({ delay: null }) };
}

describe('StaffSignIn', () => {
  it('refuses empty fields with their messages tied to them, the focus on the first', async () => {
    const signIn = vi.fn();
    const { user } = renderSignIn(signIn);
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    const email = screen.getByLabelText(/^E-mail/);
    const password = screen.getByLabelText(/^Mot de passe/);
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAccessibleDescription("L'email est requis");
    expect(password).toHaveAccessibleDescription('Le mot de passe est requis');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(signIn).not.toHaveBeenCalled();

    await user.type(email, '   ');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(email).toHaveFocus());
    expect(signIn).not.toHaveBeenCalled();
  });

  it('signs in with the address trimmed, and says a refusal next to the button', async () => {
    const signIn = vi
      .fn()
      .mockRejectedValueOnce(new DataError('auth', BAD_CREDENTIALS))
      .mockResolvedValueOnce({ email: 'porte@example.cm' });
    const { user, onSignedIn } = renderSignIn(signIn);
    await user.type(screen.getByLabelText(/^E-mail/), '  porte@example.cm ');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(BAD_CREDENTIALS);
    expect(signIn).toHaveBeenCalledWith('porte@example.cm', 'secret');
    expect(onSignedIn).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith({ email: 'porte@example.cm' }));
    expect(screen.queryByText(BAD_CREDENTIALS)).toBeNull();
  });
});
