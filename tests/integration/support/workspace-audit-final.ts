import type { TestBackend } from '../../setup/test-backend';
import { addParticipants } from '../workspace-fixtures';
import type { Call } from './workspace-audit';

/**
 * The final's write functions for the audit-trail tests (support/workspace-audit.ts,
 * docs/decisions/047-the-final.md): the singing rules saved, published and changed, the dance
 * results published from a locked final judged by the admin alone, a certificate of participation.
 */

const JURY_ONLY = {
  jury_share: 100,
  public_share: 0,
  tiebreak: ['jury'],
  tiebreak_criterion: null,
  vote_round_ids: [],
  results_expected_at: null,
};

const unpublish = (backend: TestBackend, category: 'singing') =>
  backend.sql(
    `delete from final_rule_changes where category = '${category}';
     update final_rules set published_at = null, modified_at = null where category = '${category}'`,
  );

export const finalFixtures = (
  backend: TestBackend,
  admin: () => string,
): Record<string, () => Promise<Call>> => ({
  admin_save_final_rules: async () => {
    await unpublish(backend, 'singing');
    return {
      args: { category: 'singing', rules: JURY_ONLY },
      action: 'final.rules',
      entityId: 'singing',
    };
  },
  admin_publish_final_rules: async () => {
    await unpublish(backend, 'singing');
    return { args: { category: 'singing' }, action: 'final.rules_publish', entityId: 'singing' };
  },
  // A change proposed by another account (the second admin's approval).
  admin_approve_final_rules: async () => {
    await unpublish(backend, 'singing');
    const [{ id }] = await backend.sql<{ id: string }>(
      `with p as (update final_rules set published_at = now() where category = 'singing')
       insert into final_rule_changes (category, before, proposed, proposed_by)
       select 'singing', '{}', $1::jsonb, u.id from auth.users u where u.id <> $2::uuid limit 1
       returning id::text`,
      [JSON.stringify(JURY_ONLY), admin()],
    );
    return { args: { change_id: id }, action: 'final.rules_approve', entityId: 'singing' };
  },
  admin_publish_final_results: async () => {
    const [pid] = await addParticipants(backend, 1, { status: 'finaliste' });
    await backend.sql(
      `delete from final_result_snapshots where category = 'dance';
       delete from audition_sessions where kind = 'final';
       update final_rules set jury_share = 100, public_share = 0, tiebreak = '{jury}',
              tiebreak_criterion = null, vote_round_ids = '{}', published_at = now()
        where category = 'dance';`,
    );
    const [{ sid }] = await backend.sql<{ sid: string }>(
      `insert into audition_sessions (city, held_on, category, venue, kind, state, locked_at)
       values ('Douala', date '2033-07-01', 'dance', 'Palais des sports', 'final', 'locked', now())
       returning id::text sid`,
    );
    await backend.sql(
      `insert into audition_judges (session_id, user_id, is_lead, position) values ($1, $2, true, 1)`,
      [sid, admin()],
    );
    await backend.sql(
      `insert into audition_scorecards (id, session_id, judge_id, participant_id, revision, total)
       values (gen_random_uuid(), $1, $2, $3, 1, 7)`,
      [sid, admin(), pid],
    );
    return { args: { category: 'dance' }, action: 'final.results_publish', entityId: 'dance' };
  },
  // A convoked participant's first certificate of participation (docs/decisions/057-…).
  admin_participation_certificate: async () => {
    const [id] = await addParticipants(backend, 1, { status: 'convoque' });
    return {
      args: { participant_id: id },
      action: 'participant.certificate_issue',
      entityId: id,
    };
  },
  // Its link sent by the outbox, and a published category's finalists' links.
  admin_send_certificate_link: async () => {
    const [id] = await addParticipants(backend, 1, { status: 'convoque' });
    await backend.sql(
      `insert into participation_certificates (participant_id, code, edition_year)
       values ($1::uuid, regexp_replace(upper(substr(md5($1::text), 1, 12)), '(....)(....)(....)', '\\1-\\2-\\3'), 2026)`,
      [id],
    );
    return { args: { participant_id: id }, action: 'messages.certificate_link' };
  },
  admin_send_certificate_links: async () => {
    const [id] = await addParticipants(backend, 1, { status: 'finaliste' });
    await backend.sql(
      `insert into final_result_snapshots (category, results, inputs_digest, signature)
       values ('dance', jsonb_build_object('finalists', jsonb_build_array(
                 jsonb_build_object('participant_id', $1::uuid, 'rank', 1, 'name', 'Finaliste'))),
               repeat('a', 64), repeat('b', 64))
       on conflict on constraint final_result_snapshots_category_key
       do update set results = excluded.results`,
      [id],
    );
    return { args: { category: 'dance' }, action: 'messages.certificate_link' };
  },
});
