import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testBackend } from '../setup/test-backend';
import { renderAdmin, signInAsAdmin } from './admin-render';

/**
 * "Portes du concert" in the settings (docs/decisions/043-the-door-fits-the-hand.md): admins
 * declare the doors the door staff choose from at sign-in, one per line; a refusal of the
 * database shows under the field with nothing stored; readers read the list.
 */
const backend = testBackend();
const declared = async () =>
  (
    await backend.sql<{ name: string }>('select name from private.declared_doors order by position')
  ).map((r) => r.name);

beforeAll(async () => {
  await backend.createUser('chef-portes@example.cm', 'chef-password-123', { admin: true });
  await backend.createUser('lecteur-portes@example.cm', 'lecteur-password-123', {
    role: 'lecteur',
  });
});
beforeEach(async () => {
  await backend.sql('delete from private.declared_doors');
  await backend.sql("insert into private.declared_doors (position, name) values (1, 'Porte 1')");
});

describe('the concert’s doors in the settings', () => {
  it('an admin declares the doors, one per line; the journal keeps the change', async () => {
    await signInAsAdmin('chef-portes@example.cm', 'chef-password-123');
    const user = userEvent.setup();
    renderAdmin('/admin/parametres');
    const field = await screen.findByRole('textbox', { name: /^Portes \(une par ligne\)/ });
    await waitFor(() => expect(field).toHaveValue('Porte 1'));
    await user.clear(field);
    await user.type(field, 'Porte Nord{Enter}{Enter}Entrée  VIP{Enter}');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les portes' }));
    await waitFor(async () => expect(await declared()).toEqual(['Porte Nord', 'Entrée VIP']));
    await waitFor(() => expect(field).toHaveValue('Porte Nord\nEntrée VIP'));
    const [row] = await backend.sql<{ summary: string }>(
      "select summary from audit_log where action = 'settings.update' order by id desc limit 1",
    );
    expect(row.summary).toBe('Paramètres modifiés : portes (Porte Nord, Entrée VIP)');
  });

  it('shows the database’s refusal under the field and stores nothing', async () => {
    await signInAsAdmin('chef-portes@example.cm', 'chef-password-123');
    const user = userEvent.setup();
    renderAdmin('/admin/parametres');
    const field = await screen.findByRole('textbox', { name: /^Portes \(une par ligne\)/ });
    await waitFor(() => expect(field).toHaveValue('Porte 1'));
    await user.type(field, '{Enter}porte 1');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les portes' }));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(/La porte «\sporte 1\s» est déclarée deux fois\./),
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(await declared()).toEqual(['Porte 1']);
  });

  it('a reader reads the doors, with nothing to edit', async () => {
    await signInAsAdmin('lecteur-portes@example.cm', 'lecteur-password-123');
    renderAdmin('/admin/parametres');
    const section = await screen.findByRole('region', { name: 'Portes du concert' });
    await waitFor(() => expect(section).toHaveTextContent('Porte 1'));
    expect(screen.queryByRole('textbox', { name: /^Portes/ })).toBeNull();
  });
});
