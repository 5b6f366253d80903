import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PDFDocument } from 'pdf-lib';
import { clearAdminSession } from '@/lib/admin-session';
import { signOutAdmin } from '@/data/staff/admin-auth';
import { resetPublicQueries } from '@/lib/public-query';
import { plain } from '../setup/french';
import { renderAdmin, signInAsAdmin } from './admin-render';
import { backend, SLOW, renderAt } from './support/public-content';

/**
 * A certificate of participation on request (issue 41, item 5;
 * docs/decisions/057-participation-certificates-and-their-link.md): from a participant's page an
 * admin downloads the French PDF of a participant who auditioned, with the code the database
 * issued; /resultats says whom it certifies; a participant who did not audition is refused in the
 * database's words.
 */
const AWA = 'f3000000-0000-4000-8000-000000000001';
const BOB = 'f3000000-0000-4000-8000-000000000002';

beforeAll(async () => {
  await backend.createUser('pc-chef@example.cm', 'chef-password-123', { admin: true });
});

beforeEach(async () => {
  clearAdminSession();
  await signOutAdmin();
  await backend.sql(`begin;
    delete from participation_certificates;
    delete from outbox where template = 'certificate_link';
    delete from participants where id in ('${AWA}', '${BOB}');
    insert into participants (id, full_name, email, phone, city, region, category,
      participation_type, agree_to_terms, status)
    values ('${AWA}', 'Awa Éyenga', 'awa.pc@example.cm', '690300001', 'Douala', 'Littoral',
            'singing', 'solo', true, 'convoque'),
           ('${BOB}', 'Bob Inscrit', 'bob.pc@example.cm', '690300002', 'Douala', 'Littoral',
            'dance', 'solo', true, 'inscrit');
    delete from private.rate_hits where action = 'certificate_check';
    commit;`);
});
afterEach(() => vi.restoreAllMocks());

function captureDownloads() {
  const blobs: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
    blobs.push(b as Blob);
    return 'blob:test';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  return blobs;
}
const bytesOf = (b: Blob) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(b);
  });

describe('a certificate of participation', () => {
  it('downloads from the participant’s page as a French PDF whose code /resultats checks', async () => {
    const blobs = captureDownloads();
    const user = userEvent.setup();
    await signInAsAdmin('pc-chef@example.cm', 'chef-password-123');
    const { unmount } = renderAdmin(`/admin/participants/${AWA}`);
    await screen.findByRole('heading', { level: 1, name: 'Awa Éyenga' }, SLOW);
    await user.click(screen.getByRole('button', { name: 'Attestation de participation' }));
    await waitFor(() => expect(blobs).toHaveLength(1), SLOW);
    expect(blobs[0].type).toBe('application/pdf');
    const pdf = await PDFDocument.load(await bytesOf(blobs[0]));
    expect(pdf.getTitle()).toBe('Attestation de participation – Awa Éyenga');
    const [{ code, year }] = await backend.sql<{ code: string; year: number }>(
      `select code, edition_year as year from participation_certificates where participant_id = $1`,
      [AWA],
    );
    const status = await screen.findByText(/^Attestation téléchargée/);
    expect(plain(status.textContent ?? '')).toBe(
      `Attestation téléchargée. Code de vérification : ${code}`,
    );

    unmount();
    resetPublicQueries();
    renderAt('/resultats');
    const check = await screen.findByRole('region', { name: 'Vérifier un certificat' }, SLOW);
    await user.type(within(check).getByLabelText(/^Code de vérification/), code);
    await user.click(within(check).getByRole('button', { name: 'Vérifier' }));
    const verdict = within(check).getByRole('status');
    await waitFor(
      () =>
        expect(plain(verdict.textContent ?? '')).toMatch(
          new RegExp(
            `^Attestation de participation authentique : Awa Éyenga, Chant, Booster Challenge ${year}, délivrée le \\d{1,2} \\S+ \\d{4}\\.$`,
          ),
        ),
      SLOW,
    );
  });

  it('« Envoyer le lien » queues one e-mail with the link, and the link checks the code on /resultats', async () => {
    const user = userEvent.setup();
    await signInAsAdmin('pc-chef@example.cm', 'chef-password-123');
    const { unmount } = renderAdmin(`/admin/participants/${AWA}`);
    await screen.findByRole('heading', { level: 1, name: 'Awa Éyenga' }, SLOW);
    await user.click(
      screen.getByRole('button', { name: 'Envoyer le lien du certificat à Awa Éyenga' }),
    );
    // No certificate yet: the database says what to do first.
    expect(
      await screen.findByText(
        plain('Aucun certificat à envoyer\u00a0: délivrez d’abord l’attestation de participation.'),
        {},
        SLOW,
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Attestation de participation' }));
    await screen.findByText(/^Attestation téléchargée/, {}, SLOW);
    await user.click(
      screen.getByRole('button', { name: 'Envoyer le lien du certificat à Awa Éyenga' }),
    );
    expect(
      await screen.findByText('Lien du certificat mis en file d’envoi pour Awa Éyenga', {}, SLOW),
    ).toBeVisible();
    const rows = await backend.sql<{ recipient: string; body: string }>(
      `select recipient, body from outbox where template = 'certificate_link' and participant_id = $1`,
      [AWA],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].recipient).toBe('awa.pc@example.cm');
    const link = /(\/resultats\?code=[0-9A-F-]{14})$/.exec(rows[0].body)?.[1] ?? '';
    expect(link).not.toBe('');

    unmount();
    resetPublicQueries();
    renderAt(link);
    const check = await screen.findByRole('region', { name: 'Vérifier un certificat' }, SLOW);
    await waitFor(
      () =>
        expect(plain(within(check).getByRole('status').textContent ?? '')).toMatch(
          /^Attestation de participation authentique : Awa Éyenga, Chant, Booster Challenge \d{4}/,
        ),
      SLOW,
    );
  });

  it('is refused in the database’s words to a participant who did not audition', async () => {
    const blobs = captureDownloads();
    const user = userEvent.setup();
    await signInAsAdmin('pc-chef@example.cm', 'chef-password-123');
    renderAdmin(`/admin/participants/${BOB}`);
    await screen.findByRole('heading', { level: 1, name: 'Bob Inscrit' }, SLOW);
    await user.click(screen.getByRole('button', { name: 'Attestation de participation' }));
    expect(
      await screen.findByText(
        plain(
          'Pas d’attestation de participation : ce participant n’a pas passé d’audition (il doit être convoqué, finaliste ou lauréat, ou noté présent par le jury).',
        ),
        {},
        SLOW,
      ),
    ).toBeVisible();
    expect(blobs).toHaveLength(0);
  });
});
