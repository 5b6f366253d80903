import { getSupabase } from '@/data/shared/supabase';
import { DataError, toDataError } from '@/lib/errors';
import { toParticipantPatch, toTeamMemberRows } from './mappers';
import type { Participant } from './types';

export type ParticipantUpdate = Omit<Participant, 'id' | 'createdAt' | 'agreeToTerms'>;

const UPDATE_ERROR = 'Erreur lors de la mise à jour du participant';

/**
 * Saves the editable fields and, for a team, replaces its members: one call to
 * admin_update_participant, one transaction, so a failure leaves the old values and members.
 */
const FRENCH_HINTS = new Set([
  // A field the database refuses (a name without a letter, an address it does not accept).
  'invalid_field',
  'team_size',
  'team_phone_repeated',
  'duplicate_phone',
  'duplicate_member_phone',
]);

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
  // The team rules (size, one phone per person, within the team and across every registration)
  // speak French already; a duplicate e-mail names what is taken.
  const precise = FRENCH_HINTS.has(error.hint) ? error.message : undefined;
  const duplicate = /phone/.test(error.message)
    ? 'Ce numéro de téléphone est déjà utilisé par un autre participant.'
    : 'Cette adresse e-mail est déjà utilisée par un autre participant.';
  const err = toDataError(error, precise ?? UPDATE_ERROR, { duplicate });
  throw precise ? new DataError(err.kind, precise, { code: err.code, reason: err.reason }) : err;
}
