/**
 * /resultats (issue 41, item 4; docs/decisions/049-results-and-certificates.md): when results
 * are expected before publication; after it, the winners with their prizes, each finalist's
 * jury points, public share and combined score, the tie-break used, the judges as « Juré n »
 * with their marks and normalised scores per criterion, the unlocked cards, the time and the
 * digest. The snapshot is written as superuser: what the page reads is final_results_public's.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetPublicQueries } from '@/lib/public-query';
import { plain } from '../setup/french';
import { backend, SLOW, preloadPagesAndResetEdition, renderAt } from './support/public-content';

preloadPagesAndResetEdition();

const DIGEST = 'a'.repeat(64);
const judge = (label: string, total: number, z: number, technique: number, recused = false) => ({
  label,
  recused,
  absent: recused ? null : false,
  total: recused ? null : total,
  z: recused ? null : z,
  criteria: recused ? null : [{ key: 'technique', value: technique, z: z }],
});
const finalist = (name: string, rank: number, o: Record<string, unknown>) => ({
  participant_id: crypto.randomUUID(),
  name,
  rank,
  absent: false,
  incomplete: false,
  judges_count: 3,
  recused: 0,
  scored: 3,
  tiebreak: null,
  ...o,
});
const RESULTS = {
  formula: { jury_share: 70, public_share: 30, tiebreak_criterion_label: 'Technique' },
  votes_total: 100,
  finalists: [
    finalist('Awa Ngono', 1, {
      raw: 6.6,
      normalised: 0.12,
      jury_points: 100,
      votes: 30,
      public_percent: 30,
      public_points: 0,
      combined: 70,
      tiebreak: 'criterion',
      judges: [
        judge('Juré 1', 6.6, 0.533, 8),
        judge('Juré 2', 6.6, 0.533, 8),
        judge('Juré 3', 6.6, -0.707, 8),
      ],
    }),
    finalist('Bibi Eto', 2, {
      raw: 6.6,
      normalised: 0.12,
      jury_points: 100,
      votes: 30,
      public_percent: 30,
      public_points: 0,
      combined: 70,
      tiebreak: 'criterion',
      judges: [
        judge('Juré 1', 6.6, 0.533, 6),
        judge('Juré 2', 6.6, 0.533, 6),
        judge('Juré 3', 6.6, -0.707, 6),
      ],
    }),
    finalist('Cyril Manga', 3, {
      raw: 7,
      normalised: -0.24,
      jury_points: 0,
      votes: 40,
      public_percent: 40,
      public_points: 100,
      combined: 30,
      recused: 1,
      scored: 2,
      judges: [
        judge('Juré 1', 5, -1.067, 5, true),
        judge('Juré 2', 5, -1.067, 5),
        judge('Juré 3', 9, 1.414, 9),
      ],
    }),
  ],
  judges: [],
  card_unlocks: [
    {
      at: '2028-06-30T19:10:00+00:00',
      judge: 'Juré 2',
      name: 'Bibi Eto',
      reason: 'Note mal saisie',
    },
  ],
};

beforeEach(async () => {
  resetPublicQueries();
  await backend.sql(
    `delete from final_result_snapshots; delete from final_rule_changes;
     update final_rules set published_at = null, results_expected_at = null;`,
  );
});

describe('/resultats', () => {
  it('says when results are expected before they are published', async () => {
    await backend.sql(
      `update final_rules set published_at = now(), results_expected_at = '2028-06-30 22:00+01'
        where category = 'dance'`,
    );
    renderAt('/resultats');
    const dance = await screen.findByRole('region', { name: 'Danse' }, SLOW);
    expect(dance).toHaveTextContent('Résultats attendus le 30 juin 2028 à 22 h.');
    expect(screen.getByRole('region', { name: 'Chant' })).toHaveTextContent(
      'Les résultats seront publiés ici après la finale.',
    );
  });

  it('shows the winners with their prizes, the breakdown, the judges’ marks, the unlocks and the digest', async () => {
    await backend.sql(
      `update final_rules set published_at = now()
        where category = 'dance'`,
    );
    await backend.sql(
      `insert into final_result_snapshots (category, published_at, results, inputs_digest, signature)
       values ('dance', '2028-06-30 22:15+01', $1, $2, $3)`,
      [JSON.stringify(RESULTS), DIGEST, 'b'.repeat(64)],
    );
    renderAt('/resultats');
    const dance = await screen.findByRole('region', { name: 'Danse' }, SLOW);
    await within(dance).findByRole('heading', { name: 'Lauréats' }, SLOW);
    const podium = within(dance).getAllByRole('list')[0];
    const places = within(podium)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(places).toEqual([
      '1er prixAwa Ngono2 000 000 FCFA et un contrat',
      '2e prixBibi Eto1 000 000 FCFA',
      '3e prixCyril Manga500 000 FCFA',
    ]);
    const text = dance.textContent ?? '';
    expect(text).toContain('Jury 70\u00a0%, public 30\u00a0% (100 votes comptés).');
    expect(text).toContain('1er · Awa Ngono');
    expect(text).toContain('100 pts (moyenne 6,6/10)');
    expect(text).toContain('0 pts (30 votes, 30\u00a0%)');
    expect(text).toContain('70 / 100');
    expect(text).toContain('Départagé par la note moyenne en «\u00a0Technique\u00a0»');
    expect(text).toContain('2 sur 3 (1 récusé)');
    // The judges' marks: a criterion's mark with its normalised score, a recused judge named so.
    const user = userEvent.setup();
    const marks = within(dance).getAllByText('Notes des jurés (3)');
    await user.click(marks[2]);
    const cyril = within(dance).getByRole('list', { name: 'Notes des jurés pour Cyril Manga' });
    expect(cyril.textContent).toContain('Juré 1Récusé (conflit d’intérêts)\u00a0: non compté');
    expect(cyril.textContent).toContain('Juré 3Technique\u00a0:9 (+1,41)');
    expect(cyril.textContent).toContain('Total\u00a0:9 (+1,41)');
    expect(plain(text)).toContain('30 juin 2028 à 20 h 10, Juré 2 pour Bibi Eto : Note mal saisie');
    expect(plain(text)).toContain('Publiés le 30 juin 2028 à 22 h 15.');
    expect(within(dance).getByText(DIGEST)).toBeVisible();
  });

  it('checks a certificate’s code: whom it certifies, an unknown code, a malformed one under its field', async () => {
    await backend.sql(`update final_rules set published_at = now() where category = 'dance'`);
    await backend.sql(
      `insert into final_result_snapshots (category, published_at, results, inputs_digest, signature)
       values ('dance', '2028-06-30 22:15+01', $1, $2, $3)`,
      [JSON.stringify(RESULTS), DIGEST, 'c'.repeat(64)],
    );
    const [{ code }] = await backend.sql<{ code: string }>(
      `select private.final_certificate_code('dance', $1::uuid, $2) as code`,
      [RESULTS.finalists[1].participant_id, 'c'.repeat(64)],
    );
    const user = userEvent.setup();
    renderAt('/resultats');
    const check = await screen.findByRole('region', { name: 'Vérifier un certificat' }, SLOW);
    const field = within(check).getByLabelText(/^Code de vérification/);
    await user.type(field, 'BOOSTER');
    await user.click(within(check).getByRole('button', { name: 'Vérifier' }));
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'), SLOW);
    expect(field).toHaveAccessibleDescription(
      /Un code de vérification compte 12 caractères \(chiffres et lettres A à F\), par exemple 3F2A-9C01-B7DE\.$/,
    );
    await user.clear(field);
    await user.type(field, '0000-0000-0000');
    await user.click(within(check).getByRole('button', { name: 'Vérifier' }));
    const status = within(check).getByRole('status');
    await waitFor(
      () => expect(status).toHaveTextContent('Ce code ne correspond à aucun certificat publié.'),
      SLOW,
    );
    expect(field).not.toHaveAttribute('aria-invalid');
    await user.clear(field);
    await user.type(field, code.toLowerCase());
    await user.click(within(check).getByRole('button', { name: 'Vérifier' }));
    await waitFor(
      () =>
        expect(plain(status.textContent ?? '')).toBe(
          'Certificat authentique : Bibi Eto, Danse, 2e place, lauréat, résultats publiés le 30 juin 2028 à 22 h 15.',
        ),
      SLOW,
    );
  });
});
