import { getSupabase } from '@/data/shared/supabase';
import { toDataError } from '@/lib/errors';
import { toScreenState, toVoteResults, toVoteRound, toVoteRounds } from './mappers';
import type { RoundDraft, ScreenState, VoteResults, VoteRound } from './types';

/**
 * The staff's side of the public vote: admins prepare rounds (admin_save_vote_round,
 * admin_delete_vote_round) and read results (admin_vote_results); admins and the régie open,
 * close and reveal them (regie_*). The database checks each role and journals each write
 * (docs/decisions/030-public-vote.md).
 */

const LOAD_ERROR = 'Erreur lors du chargement des manches';
const SAVE_ERROR = 'La manche n’a pas pu être enregistrée. Veuillez réessayer.';
const ACTION_ERROR = 'L’action n’a pas pu être enregistrée. Veuillez réessayer.';

/** Every round with its candidates and voters' count, in order (vote_rounds_list). */
export async function listVoteRounds(): Promise<VoteRound[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('vote_rounds_list');
  if (error) throw toDataError(error, LOAD_ERROR);
  return toVoteRounds(data);
}

/** Creates (no id) or updates a round; the database refuses in French what it may not change. */
export async function saveVoteRound(draft: RoundDraft): Promise<VoteRound> {
  const supabase = await getSupabase();
  const payload = {
    ...(draft.id ? { id: draft.id } : {}),
    title: draft.title,
    position: draft.position,
    duration_seconds: draft.durationSeconds,
    eligibility: draft.eligibility,
    candidates: draft.candidates.map((c) => ({
      number: c.number,
      name: c.name,
      line: c.line,
      participant_id: c.participantId,
    })),
  };
  const { data, error } = await supabase.rpc('admin_save_vote_round', { payload });
  if (error) throw toDataError(error, SAVE_ERROR);
  return toVoteRound(data);
}

/** Deletes a round not yet opened. */
export async function deleteVoteRound(id: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('admin_delete_vote_round', { id });
  if (error) throw toDataError(error, 'La manche n’a pas pu être supprimée. Veuillez réessayer.');
}

export type RegieAction = 'open' | 'close' | 'reveal';

const REGIE_FUNCTIONS = {
  open: 'regie_open_round',
  close: 'regie_close_round',
  reveal: 'regie_reveal_round',
} as const;

/** Opens, closes or reveals a round (the régie); answers the round as it now is. */
export async function runRegieAction(action: RegieAction, id: string): Promise<VoteRound> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc(REGIE_FUNCTIONS[action], { id });
  if (error) throw toDataError(error, ACTION_ERROR);
  return toVoteRound(data);
}

/** Puts the stage screen back to rest (idle) until the next round opens. */
export async function resetScreen(): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('regie_reset_screen');
  if (error) throw toDataError(error, ACTION_ERROR);
}

/** What the stage screen shows now, for the régie (the same public function as /ecran). */
export async function getRegieScreenState(): Promise<ScreenState> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('vote_screen_state');
  if (error) throw toDataError(error, LOAD_ERROR);
  return toScreenState(data);
}

/** A closed or revealed round's counts (admins): votes and share per candidate, total voters. */
export async function getVoteResults(roundId: string): Promise<VoteResults> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('admin_vote_results', { round_id: roundId });
  if (error) throw toDataError(error, 'Erreur lors du chargement des résultats');
  return toVoteResults(data, roundId);
}

export type LinkableParticipant = {
  id: string;
  name: string;
  category: string;
  /** Finaliste or lauréat: the vote's usual candidates, offered first. */
  finalist: boolean;
};

const LINKABLE_ERROR = 'Erreur lors du chargement des participants';
const FINALIST_STATUSES = ['finaliste', 'laureat'];
const byName = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

/**
 * The contest's participants a candidate may be linked to (admins): a team's name for a team,
 * the person's name otherwise, the name the database then gives the candidate. Finalists first,
 * then everyone else, each sorted by that name as the picker shows it (not by the person's name,
 * which a team's row hides).
 */
export async function listLinkableParticipants(): Promise<LinkableParticipant[]> {
  const supabase = await getSupabase();
  const columns = 'id, full_name, team_name, category, status';
  // The finalists apart: a big edition's first thousand names must not leave one out.
  const [finalists, everyone] = await Promise.all([
    supabase.from('participants').select(columns).in('status', FINALIST_STATUSES).limit(1000),
    supabase.from('participants').select(columns).order('full_name').limit(1000),
  ]);
  if (finalists.error) throw toDataError(finalists.error, LINKABLE_ERROR);
  if (everyone.error) throw toDataError(everyone.error, LINKABLE_ERROR);
  const rows = new Map([...everyone.data, ...finalists.data].map((p) => [p.id, p]));
  return [...rows.values()]
    .map((p) => ({
      id: p.id,
      name: p.team_name ?? p.full_name,
      category: p.category,
      finalist: FINALIST_STATUSES.includes(p.status),
    }))
    .sort((a, b) => Number(b.finalist) - Number(a.finalist) || byName.compare(a.name, b.name));
}
