import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PDFDocument } from 'pdf-lib';
import { unzipSync } from 'fflate';
import { clearAdminSession } from '@/lib/admin-session';
import { signOutAdmin } from '@/data/staff/admin-auth';
import { plain } from '../setup/french';
import { testBackend } from '../setup/test-backend';
import { renderAdmin, signInAsAdmin } from './admin-render';
import { card, finalSession, jurySession, mark } from '../integration/support/final';

/**
 * The certificates in the admin's final view (issue 41, item 5;
 * docs/decisions/049-results-and-certificates.md): once the results are published, one PDF per
 * laureate and finalist with its code, downloaded one by one or all in a zip.
 */
const backend = testBackend();
const SLOW = { timeout: 10_000 };
let codes: Record<string, string> = {};

beforeAll(async () => {
  await backend.createUser('fc-chef@example.cm', 'chef-password-123', { admin: true });
  const ids = [
    await backend.createUser('fcv-j1@example.cm', 'jury-password-123', { role: 'jury' }),
    await backend.createUser('fcv-j2@example.cm', 'jury-password-123', { role: 'jury' }),
  ];
  const admin = await backend.signedInClient('fc-chef@example.cm', 'chef-password-123');
  const judges = [
    await backend.signedInClient('fcv-j1@example.cm', 'jury-password-123'),
    await backend.signedInClient('fcv-j2@example.cm', 'jury-password-123'),
  ];
  const names = ['Émile Abena', 'Duo Beta', 'Trio Gamma', 'Quatuor Delta'];
  const { id, people } = await finalSession(backend, admin, names, ids);
  const s = await jurySession(judges[0], id);
  for (const j of judges)
    for (const [i, p] of people.entries()) await mark(j, s, p, card(9 - i, 9 - i, 9 - i, 9 - i));
  await admin.rpc('jury_lock_session', { session_id: id });
  await admin.rpc('admin_publish_final_rules', { category: 'dance' });
  const published = await admin.rpc('admin_publish_final_results', { category: 'dance' });
  if (published.error) throw new Error(published.error.message);
  const list = (await admin.rpc('admin_final_certificates', { category: 'dance' })).data as {
    name: string;
    code: string;
  }[];
  codes = Object.fromEntries(list.map((c) => [c.name, c.code]));
});

beforeEach(async () => {
  clearAdminSession();
  await signOutAdmin();
});
afterEach(() => vi.restoreAllMocks());

/** Every Blob the page hands to the browser to save. */
function captureDownloads() {
  const blobs: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
    blobs.push(b as Blob);
    return 'blob:test';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  return blobs;
}
// jsdom's Blob has no stream(): read it as the browser's FileReader does.
const bytesOf = (b: Blob) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(b);
  });

describe('the certificates of a published final', () => {
  it('download one by one as a French PDF and all together as a zip', async () => {
    const blobs = captureDownloads();
    const user = userEvent.setup();
    await signInAsAdmin('fc-chef@example.cm', 'chef-password-123');
    renderAdmin('/admin/auditions?finale=dance');
    const table = await screen.findByRole(
      'table',
      { name: 'Certificats de la finale danse' },
      SLOW,
    );
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['1', 'Émile Abena', 'Lauréat', codes['Émile Abena'], 'Télécharger'],
      ['2', 'Duo Beta', 'Lauréat', codes['Duo Beta'], 'Télécharger'],
      ['3', 'Trio Gamma', 'Lauréat', codes['Trio Gamma'], 'Télécharger'],
      ['4', 'Quatuor Delta', 'Finaliste', codes['Quatuor Delta'], 'Télécharger'],
    ]);

    await user.click(
      within(table).getByRole('button', { name: 'Télécharger le certificat de Émile Abena' }),
    );
    await waitFor(() => expect(blobs).toHaveLength(1), SLOW);
    expect(blobs[0].type).toBe('application/pdf');
    const pdf = await PDFDocument.load(await bytesOf(blobs[0]));
    expect(pdf.getTitle()).toBe('Certificat de lauréat – Émile Abena');
    expect(pdf.getPageCount()).toBe(1);

    await user.click(
      screen.getByRole('button', { name: 'Télécharger tous les certificats (zip)' }),
    );
    await waitFor(() => expect(blobs).toHaveLength(2), SLOW);
    const files = unzipSync(await bytesOf(blobs[1]));
    expect(Object.keys(files).sort()).toEqual([
      'certificat-danse-1-emile-abena.pdf',
      'certificat-danse-2-duo-beta.pdf',
      'certificat-danse-3-trio-gamma.pdf',
      'certificat-danse-4-quatuor-delta.pdf',
    ]);
    const last = await PDFDocument.load(files['certificat-danse-4-quatuor-delta.pdf']);
    expect(last.getTitle()).toBe('Certificat de finaliste – Quatuor Delta');
  });

  it('« Envoyer le lien à tous » queues each finalist’s link once (docs/decisions/057-…)', async () => {
    await backend.sql(`delete from outbox where template = 'certificate_link'`);
    const user = userEvent.setup();
    await signInAsAdmin('fc-chef@example.cm', 'chef-password-123');
    renderAdmin('/admin/auditions?finale=dance');
    const send = await screen.findByRole('button', { name: 'Envoyer le lien à tous' }, SLOW);
    await user.click(send);
    expect(
      await screen.findByText('Lien du certificat mis en file d’envoi pour 4 personnes', {}, SLOW),
    ).toBeVisible();
    await user.click(send);
    expect(
      await screen.findByText(
        plain('Aucun nouveau lien\u00a0: déjà en file d’envoi ou envoyé pour 4 personnes'),
        {},
        SLOW,
      ),
    ).toBeVisible();
    const rows = await backend.sql<{ body: string }>(
      `select body from outbox where template = 'certificate_link' order by body`,
    );
    expect(rows).toHaveLength(4);
    for (const code of Object.values(codes))
      expect(rows.some((r) => r.body.endsWith(`/resultats?code=${code}`))).toBe(true);
  });
});
