import Papa from 'papaparse';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testBackend } from '../setup/test-backend';
import { captureDownloads, currentUrl, renderAdmin, signInAsAdmin } from './admin-render';
import { fr } from '../setup/french';

/**
 * The inbox (/admin/messages) against the real database: newest first, unhandled in bold with
 * their count in the sidebar, a message opened with its replies (mailto "Re: …", WhatsApp when it
 * gives a number), marked handled (one journal row), searched, filtered, exported (and the export
 * written to the journal); a reader reads it and changes nothing.
 */
const backend = testBackend();
const OLD = 'e1000000-0000-4000-8000-000000000001';
const PHONE = 'e1000000-0000-4000-8000-000000000002';
const NEWEST = 'e1000000-0000-4000-8000-000000000003';

beforeAll(async () => {
  await backend.createUser('chef@example.cm', 'chef-password-123', { admin: true });
  await backend.createUser('lecteur@example.cm', 'lecteur-password-123', { role: 'lecteur' });
});

beforeEach(async () => {
  await backend.sql(`begin;
    delete from audit_log;
    delete from contact_messages;
    insert into contact_messages (id, name, email, subject, message, created_at, handled_at)
    values ('${OLD}', 'Marie Fouda', 'marie@example.cm', 'Partenariat',
              'Nous voulons sponsoriser la finale.', now() - interval '3 days', now() - interval '2 days'),
           ('${PHONE}', 'Awa Ngono', 'awa@example.cm', 'Mon inscription',
              'Bonjour, je ne trouve pas ma confirmation. Appelez-moi au +237 6 77 12 34 56 svp.',
              now() - interval '1 day', null),
           ('${NEWEST}', 'Paul Etoa', 'paul@example.cm', 'Horaires',
              'À quelle heure commencent les auditions ?', now(), null);
    commit;`);
  await signInAsAdmin('chef@example.cm', 'chef-password-123');
});

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const sidebar = () => screen.getByRole('navigation', { name: 'Administration' });
const badgeLink = async (name: string) =>
  within(await screen.findByRole('navigation', { name: 'Administration' })).findByRole('link', {
    name,
  });

describe('messages page', () => {
  it('lists newest first, unhandled in bold, with their count in the sidebar', async () => {
    renderAdmin('/admin/messages');
    expect(await screen.findByText('3 messages')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    expect(rows().map((r) => within(r).getAllByRole('cell')[2].textContent)).toEqual([
      'Horaires',
      'Mon inscription',
      'Partenariat',
    ]);
    const [newest, , handled] = rows();
    expect(within(newest).getAllByRole('cell')[2]).toHaveClass('font-bold');
    expect(within(newest).getByText('Non traité')).toBeVisible();
    expect(within(handled).getAllByRole('cell')[2]).not.toHaveClass('font-bold');
    expect(within(handled).getByText('Traité')).toBeVisible();
    expect(await badgeLink('Messages 2 non traités')).toHaveAttribute('href', '/admin/messages');
  });

  it('opens a message with its replies and marks it handled (one journal row)', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/messages');
    await badgeLink('Messages 2 non traités');
    const open = await screen.findByRole('button', { name: 'Ouvrir le message de Awa Ngono' });
    await user.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/je ne trouve pas ma confirmation/)).toBeVisible();
    const mail = screen.getByRole('link', { name: 'Répondre par e-mail à Awa Ngono' });
    const href = new URL(mail.getAttribute('href') ?? '');
    expect(href.protocol).toBe('mailto:');
    expect(href.pathname).toBe('awa@example.cm');
    expect(href.searchParams.get('subject')).toBe('Re: Mon inscription');
    const whatsapp = screen.getByRole('link', {
      name: 'Répondre sur WhatsApp à Awa Ngono, au 6 77 12 34 56 (nouvel onglet)',
    });
    const wa = new URL(whatsapp.getAttribute('href') ?? '');
    expect(`${wa.origin}${wa.pathname}`).toBe('https://wa.me/237677123456');
    expect(wa.searchParams.get('text')).toContain(fr('« Mon inscription »'));
    // A message without a number offers no WhatsApp reply.
    await user.click(await screen.findByRole('button', { name: 'Ouvrir le message de Paul Etoa' }));
    expect(screen.queryByRole('link', { name: /WhatsApp à Paul Etoa/ })).toBeNull();

    await user.click(
      await screen.findByRole('button', {
        name: fr('Marquer comme traité : message de Awa Ngono'),
      }),
    );
    expect(await screen.findByText('Message de Awa Ngono marqué comme traité')).toBeVisible();
    expect(await badgeLink('Messages 1 non traité')).toBeVisible();
    expect(
      await screen.findByRole('button', {
        name: fr('Marquer comme non traité : message de Awa Ngono'),
      }),
    ).toBeVisible();
    const [stored] = await backend.sql<{ handled: boolean; by: string }>(
      `select m.handled_at is not null handled, u.email by
         from contact_messages m join auth.users u on u.id = m.handled_by where m.id = $1`,
      [PHONE],
    );
    expect(stored).toEqual({ handled: true, by: 'chef@example.cm' });
    expect(
      await backend.sql(`select action, entity_id, actor_email, summary from audit_log`),
    ).toEqual([
      {
        action: 'message.handled',
        entity_id: PHONE,
        actor_email: 'chef@example.cm',
        summary: 'Message marqué comme traité',
      },
    ]);
  });

  // Issue 27: in the unhandled messages, the marked one leaves with its button; the focus goes
  // to the next message's "Marquer comme traité", never to <body>.
  it('keeps the focus in a filtered inbox when a handled message leaves it', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/messages?state=unhandled');
    expect(await screen.findByText('2 messages')).toBeVisible();
    await user.click(
      await screen.findByRole('button', {
        name: fr('Marquer comme traité : message de Paul Etoa'),
      }),
    );
    expect(await screen.findByText('1 message')).toBeVisible();
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: fr('Marquer comme traité : message de Awa Ngono') }),
      ).toHaveFocus(),
    );
    expect(document.body).not.toHaveFocus();
  });

  it('searches and filters through the URL', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/messages');
    await screen.findByText('3 messages');
    await user.selectOptions(screen.getByRole('combobox', { name: 'État' }), 'Traités');
    await waitFor(() => expect(currentUrl()).toBe('/admin/messages?state=handled'));
    expect(await screen.findByText('1 message')).toBeVisible();
    expect(rows()).toHaveLength(1);
    expect(rows()[0]).toHaveTextContent('Partenariat');

    await user.selectOptions(screen.getByRole('combobox', { name: 'État' }), 'Tous les messages');
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'auditions');
    await waitFor(() => expect(currentUrl()).toBe('/admin/messages?search=auditions'));
    expect(await screen.findByText('1 message')).toBeVisible();
    expect(rows()[0]).toHaveTextContent('Paul Etoa');
  });

  it('exports the filtered messages as CSV and writes the export to the journal', async () => {
    const downloads = captureDownloads();
    const user = userEvent.setup();
    renderAdmin('/admin/messages?state=unhandled');
    expect(await screen.findByText('2 messages')).toBeVisible();
    await user.click(await screen.findByRole('button', { name: 'Exporter CSV' }));
    expect(await screen.findByText('Données exportées avec succès')).toBeVisible();
    expect(downloads).toHaveLength(1);
    expect(downloads[0].name).toMatch(/^messages_\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await downloads[0].text();
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const { data, meta } = Papa.parse<Record<string, string>>(text.slice(1), {
      delimiter: ';',
      newline: '\r\n',
      header: true,
    });
    expect(meta.fields).toEqual([
      'Date',
      'Nom',
      'E-mail',
      'Sujet',
      'Message',
      'Traité',
      'Traité le',
    ]);
    expect(data.map((r) => [r.Nom, r.Sujet, r.Traité])).toEqual([
      ['Paul Etoa', 'Horaires', 'Non'],
      ['Awa Ngono', 'Mon inscription', 'Non'],
    ]);
    await waitFor(async () =>
      expect(await backend.sql(`select action, entity, after from audit_log`)).toEqual([
        {
          action: 'export',
          entity: 'messages',
          after: { filters: { state: 'unhandled' }, row_count: 2 },
        },
      ]),
    );
  });

  it('lets a reader (lecteur) read messages, without marking or exporting them', async () => {
    await signInAsAdmin('lecteur@example.cm', 'lecteur-password-123');
    const user = userEvent.setup();
    renderAdmin('/admin/messages');
    expect(await screen.findByText('3 messages')).toBeVisible();
    await user.click(await screen.findByRole('button', { name: 'Ouvrir le message de Awa Ngono' }));
    expect(screen.getByText(/je ne trouve pas ma confirmation/)).toBeVisible();
    expect(await badgeLink('Messages 2 non traités')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Marquer comme/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Exporter CSV' })).toBeNull();
    expect(within(sidebar()).queryByRole('link', { name: 'Journal' })).toBeNull();
    // The settings are theirs to read (read-only page, issue 27).
    expect(within(sidebar()).getByRole('link', { name: 'Paramètres' })).toBeVisible();
  });
});
