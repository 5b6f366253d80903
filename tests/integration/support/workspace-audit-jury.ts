import type { TestBackend } from '../../setup/test-backend';
import { addParticipants } from '../workspace-fixtures';
import type { Call } from './workspace-audit';

/**
 * The auditions' jury's write functions for the audit-trail tests (support/workspace-audit.ts),
 * the admin judging alone (docs/decisions/031-jury-scorecards.md).
 */

let auditionDays = 0;
/** A day of its own for each audition session (one session per city, day and category). */
const auditionDay = () =>
  new Date(Date.UTC(2032, 0, 1 + ++auditionDays)).toISOString().slice(0, 10);

/** An audition session in Garoua judged by the admin alone, with the settings' criteria. */
async function auditionSession(backend: TestBackend, admin: string, state: 'open' | 'locked') {
  const [{ id }] = await backend.sql<{ id: string }>(
    `insert into audition_sessions (city, held_on, category, venue, state, locked_at)
     values ('Garoua', $1::date, 'both', 'Alliance française de Garoua', $2::text,
             case when $2 = 'locked' then now() end)
     returning id::text`,
    [auditionDay(), state],
  );
  await backend.sql(`select private.audition_copy_criteria($1::uuid, 'both')`, [id]);
  await backend.sql(
    `insert into audition_judges (session_id, user_id, is_lead, position) values ($1, $2, true, 1)`,
    [id, admin],
  );
  return id;
}

export const juryFixtures = (
  backend: TestBackend,
  admin: () => string,
): Record<string, () => Promise<Call>> => ({
  admin_save_audition_session: async () => ({
    args: {
      payload: {
        city: 'Garoua',
        held_on: auditionDay(),
        category: 'both',
        venue: 'Alliance française de Garoua',
        judges: [admin()],
        lead: admin(),
      },
    },
    action: 'jury.session_save',
  }),
  admin_delete_audition_session: async () => {
    const id = await auditionSession(backend, admin(), 'open');
    return { args: { session_id: id }, action: 'jury.session_delete', entityId: id };
  },
  admin_unlock_session: async () => {
    const id = await auditionSession(backend, admin(), 'locked');
    return {
      args: { session_id: id, reason: 'Un juré a noté sur papier' },
      action: 'jury.unlock',
      entityId: id,
    };
  },
  admin_save_audition_criteria: async () => {
    const w = 10 + Math.floor(Math.random() * 80);
    return {
      args: {
        category: 'singing',
        criteria: [
          { label: 'Justesse', weight: w },
          { label: 'Voix', weight: 100 - w },
        ],
      },
      action: 'jury.criteria',
      entityId: 'singing',
    };
  },
  // Through the pipeline: its 'participant.status' row beside. From a locked, complete session;
  // convoqué → présélectionné moves back, ticked (docs/decisions/040-ranking-floor-and-complete-first.md).
  admin_preselect_top: async () => {
    const id = await auditionSession(backend, admin(), 'locked');
    const [pid] = await addParticipants(backend, 1);
    await backend.sql(
      `update participants p set category = 'dance', status = 'convoque', audition_city = 'Garoua',
              audition_at = (s.held_on + time '10:00') at time zone 'Africa/Douala'
         from audition_sessions s where s.id = $1 and p.id = $2`,
      [id, pid],
    );
    await backend.sql(
      `with c as (insert into audition_scorecards (id, session_id, judge_id, participant_id, revision, total)
                  values (gen_random_uuid(), $1, $2, $3, 1, 7) returning id)
       insert into audition_scores (scorecard_id, session_id, judge_id, participant_id, criterion_id, value)
       select c.id, $1, $2, $3, k.id, 7 from c, audition_session_criteria k
        where k.session_id = $1 and k.category = 'dance'`,
      [id, admin(), pid],
    );
    return {
      args: { category: 'dance', n: 1, status: 'preselectionne', session_id: id, move_back: [pid] },
      action: 'jury.preselect',
      entityId: pid,
      also: ['participant.status'],
    };
  },
});
