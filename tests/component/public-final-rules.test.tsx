/**
 * /reglement shows the final's rules as published (issue 41, docs/decisions/047-the-final.md):
 * nothing but a promise before publication, then each category's shares, the vote rounds that
 * count, the tie-break chain in order, and « modifié le » once a second admin changed them.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { resetPublicQueries } from '@/lib/public-query';
import { backend, SLOW, preloadPagesAndResetEdition, renderAt } from './support/public-content';

preloadPagesAndResetEdition();

beforeEach(async () => {
  resetPublicQueries();
  await backend.sql(
    `delete from final_result_snapshots; delete from final_rule_changes;
     update final_rules set jury_share = 100, public_share = 0, tiebreak = '{jury,head_judge}',
       tiebreak_criterion = null, vote_round_ids = '{}', published_at = null, modified_at = null,
       results_expected_at = null;
     delete from votes; delete from vote_candidates; delete from vote_rounds;`,
  );
});

const article = () =>
  screen.findByRole(
    'region',
    { name: 'Article 9 – La finale\u00a0: jury, public et départage' },
    SLOW,
  );

describe('the final’s rules on /reglement', () => {
  it('promises them before they are published', async () => {
    renderAt('/reglement');
    expect(
      await within(await article()).findByText(
        'Les règles de la finale (part du jury, part du public, départage) seront publiées ici avant la finale.',
        {},
        SLOW,
      ),
    ).toBeVisible();
  });

  it('states the published shares, rounds and tie-breaks, and when a change was approved', async () => {
    await backend.sql(
      `with r as (insert into vote_rounds (title) values ('Finale danse') returning id)
       update final_rules set jury_share = 70, public_share = 30,
         tiebreak = '{jury,criterion,head_judge}', tiebreak_criterion = 'technique',
         vote_round_ids = array[(select id from r)],
         published_at = '2028-06-01 18:00+01', modified_at = '2028-06-03 10:30+01'
        where category = 'dance'`,
    );
    renderAt('/reglement');
    const box = await article();
    expect(
      await within(box).findByRole('heading', { level: 3, name: 'Danse' }, SLOW),
    ).toBeVisible();
    expect(box.textContent).toContain(
      'Jury 70\u00a0%, public 30\u00a0% (votes de la manche «\u00a0Finale danse\u00a0» de la Night Party).',
    );
    expect(box.textContent).toContain(
      'En cas d’égalité, départagés par 1.\u00a0la meilleure note du jury\u00a0; 2.\u00a0la meilleure note moyenne en «\u00a0Technique\u00a0»\u00a0; 3.\u00a0la voix prépondérante du juré principal (sa propre note).',
    );
    expect(box.textContent).toContain(
      'Publié le 1\u00a0juin 2028 à 18\u00a0h, modifié le 3\u00a0juin 2028 à 10\u00a0h\u00a030.',
    );
    // The singing rules are not published: not shown.
    expect(within(box).queryByRole('heading', { name: 'Chant' })).toBeNull();
  });
});
