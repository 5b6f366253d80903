/**
 * Shared by the final's end-to-end test (tests/e2e/final-results.e2e.ts): dancers registered
 * through the public form's function, a judge's cards sent through the database's function (as
 * the phone sends them), and the final opened on /jury.
 */
import type { Page } from 'playwright-core';
import { solveProofOfWork } from '../../setup/proof-of-work';
import { baseUrl } from './browser';
import { rpc } from './jury';

/** A session as jury_session answers it (the parts the test reads). */
export type JurySession = {
  id: string;
  criteria: { dance: { id: string }[] };
  performers: { id: string; name: string }[];
  my_conflicts: string[];
};

/** Registers a dancer in Yaoundé through the public form's function; returns their id. */
export async function registerDancer(name: string, phone: string): Promise<string> {
  const id = crypto.randomUUID();
  await rpc('register_participant', {
    payload: {
      id,
      full_name: name,
      email: `${phone}@example.cm`,
      phone,
      city: 'Yaoundé',
      region: 'Centre',
      category: 'dance',
      participation_type: 'solo',
      agree_to_terms: true,
      team_members: [],
      website: '',
      pow: await solveProofOfWork(baseUrl()),
    },
  });
  return id;
}

/** Every performer of the session without a card or conflict of this judge, scored `mark(name)`. */
export async function scoreAll(token: string, sessionId: string, mark: (name: string) => number) {
  const s = await rpc<JurySession>('jury_session', { session_id: sessionId }, token);
  for (const p of s.performers) {
    if (s.my_conflicts.includes(p.id)) continue;
    await rpc(
      'jury_submit_scorecard',
      {
        session_id: sessionId,
        participant_id: p.id,
        card_id: crypto.randomUUID(),
        revision: 1,
        absent: false,
        comment: '',
        scores: Object.fromEntries(s.criteria.dance.map((c) => [c.id, mark(p.name)])),
      },
      token,
    );
  }
}

/**
 * Opens the final (in Yaoundé) on /jury, which lists the judge's sessions or opens today's
 * (jury-scorecards.e2e.ts makes one for the seed's judges): its « Toutes mes sessions » leads to
 * the list.
 */
export async function openFinal(page: Page) {
  const final = page.getByRole('button', { name: /^Yaoundé/ }).first();
  const all = page.getByRole('button', { name: 'Toutes mes sessions' });
  await final.or(all).first().waitFor();
  if (await all.isVisible()) await all.click();
  await final.click();
  await page.getByRole('heading', { name: /^Yaoundé/ }).waitFor();
}
