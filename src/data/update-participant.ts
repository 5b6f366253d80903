import { getSupabase } from '@/lib/supabase';
import { DataError, toDataError } from '@/lib/errors';
import { toParticipantPatch, toTeamMemberRows } from './mappers';
import type { Participant } from './types';

export type ParticipantUpdate = Omit<Participant, 'id' | 'createdAt' | 'agreeToTerms'>;

const UPDATE_ERROR = 'Erreur lors de la mise à jour du participant';

/**
 * Saves the editable fields and, for a team, replaces its members: one call to
 * admin_update_participant, one transaction, so a failure leaves the old values and members.
 */
export async function updateParticipant(id: string, update: ParticipantUpdate): Promise<void> {
  const supabase = await getSupabase();
  const members = update.participationType === 'team' ? toTeamMemberRows(update.teamMembers) : [];
  const { error } = await supabase.rpc('admin_update_participant', {
    p_id: id,
    p_patch: toParticipantPatch(update),
    p_members: members,
  });
  if (!error) return;
  if (error.hint === 'not_found') throw new DataError('not_found', 'Participant non trouvé');
  // The team rules (size, one phone per person) speak French already; a duplicate names what is
  // taken.
  const precise =
    error.hint === 'team_size' || error.hint === 'team_phone_repeated' ? error.message : undefined;
  const duplicate = /phone/.test(error.message)
    ? 'Ce numéro de téléphone est déjà utilisé par un autre participant.'
    : 'Cette adresse email est déjà utilisée par un autre participant.';
  const err = toDataError(error, precise ?? UPDATE_ERROR, { duplicate });
  throw precise ? new DataError(err.kind, precise, { code: err.code, reason: err.reason }) : err;
}
