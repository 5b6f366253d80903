import { DataError, toDataError } from '@/lib/errors';
import { toTeamMemberRows } from './mappers';
import { callPublicWrite } from '@/data/shared/public-write';
import type { ClosedReason, Participant } from './types';

/** What a visitor submits: a participant without the fields the database sets. */
export type NewRegistration = Omit<Participant, 'id' | 'createdAt'>;

export const REGISTRATION_ERROR =
  'Une erreur est survenue lors de l’inscription. Vos informations sont conservées : veuillez réessayer.';
export const REGISTRATION_NETWORK_ERROR =
  'Impossible de joindre le serveur. Vérifiez votre connexion internet puis réessayez : vos informations sont conservées.';
export const DUPLICATE_EMAIL =
  'Cette personne est déjà inscrite : cette adresse e-mail a déjà servi à une inscription au Booster Challenge.';
export const DUPLICATE_PHONE =
  'Cette personne est déjà inscrite : ce numéro de téléphone a déjà servi à une inscription au Booster Challenge.';
export const DUPLICATE_REGISTRATION = 'Cette personne est déjà inscrite au Booster Challenge.';
export const duplicateMemberPhone = (n: number) =>
  `Le membre ${n} est déjà inscrit : son numéro de téléphone a déjà servi à une inscription au Booster Challenge.`;
export const repeatedMemberPhone = (n: number) =>
  `Le numéro du membre ${n} est déjà celui d’une autre personne de l’équipe : chacun indique le sien.`;
export const INVALID_REGISTRATION =
  'Certaines informations ont été refusées. Vérifiez le formulaire puis réessayez.';

const CLOSED_HINTS: Record<string, ClosedReason> = {
  registration_not_open: 'not_open',
  registration_closed: 'closed',
  registration_full: 'full',
};

/** The closed reason carried by a refused registration, if that is why it was refused. */
export function closedReasonOf(error: unknown): ClosedReason | null {
  return error instanceof DataError && error.reason ? (CLOSED_HINTS[error.reason] ?? null) : null;
}

/** NewRegistration -> the `payload` of register_participant (snake_case; members only for teams). */
export function toRegistrationPayload(id: string, r: NewRegistration) {
  const team = r.participationType === 'team';
  return {
    id,
    full_name: r.fullName.trim(),
    email: r.email.trim(),
    phone: r.phone.trim(),
    city: r.city.trim(),
    region: r.region,
    category: r.category,
    participation_type: r.participationType,
    team_name: team ? r.teamName.trim() || null : null,
    link_to_work: r.linkToWork.trim() || null,
    description: r.description.trim() || null,
    agree_to_terms: r.agreeToTerms,
    team_members: team ? toTeamMemberRows(r.teamMembers) : [],
  };
}

type PostgrestLike = {
  code?: string;
  hint?: string | null;
  message?: string;
  details?: string | null;
};

/** The member number (1-based) that register_participant names in DETAIL, if any. */
function memberNumberOf(e: PostgrestLike): number | undefined {
  const n = Number(e.details);
  return Number.isInteger(n) && n >= 1 ? n : undefined;
}

/** A supabase-js error of register_participant -> DataError with the French message to show. */
export function toRegistrationError(error: unknown): DataError {
  const e = (error ?? {}) as PostgrestLike;
  const base = toDataError(error, REGISTRATION_ERROR, {
    network: REGISTRATION_NETWORK_ERROR,
    duplicate: DUPLICATE_REGISTRATION,
    invalid: INVALID_REGISTRATION,
  });
  const opts = { code: base.code, reason: base.reason, details: error };
  if (e.hint === 'duplicate_email') return new DataError('duplicate', DUPLICATE_EMAIL, opts);
  if (e.hint === 'duplicate_phone') return new DataError('duplicate', DUPLICATE_PHONE, opts);
  const member = memberNumberOf(e);
  if (e.hint === 'duplicate_member_phone' && member)
    return new DataError('duplicate', duplicateMemberPhone(member), opts);
  if (e.hint === 'team_phone_repeated' && member)
    return new DataError('invalid', repeatedMemberPhone(member), opts);
  // The database's own French sentence says precisely what is wrong with the team size.
  if (e.hint === 'team_size' && e.message) return new DataError('invalid', e.message, opts);
  return base;
}

/**
 * The form field a refused registration points at: the registrant's e-mail or phone when it is
 * already registered, or a team member's phone (`teamMembers.{index}.phone`).
 */
export type RefusedField = 'email' | 'phone' | `teamMembers.${number}.phone`;

export function refusedFieldOf(error: unknown): RefusedField | undefined {
  if (!(error instanceof DataError)) return undefined;
  if (error.reason === 'duplicate_email') return 'email';
  if (error.reason === 'duplicate_phone') return 'phone';
  if (error.reason === 'duplicate_member_phone' || error.reason === 'team_phone_repeated') {
    const member = memberNumberOf((error.details ?? {}) as PostgrestLike);
    return member ? `teamMembers.${member - 1}.phone` : undefined;
  }
  return undefined;
}

/**
 * Registers a participant and its team members in one transaction (register_participant).
 * `id` is generated by the client once per filled form: sending the same registration again
 * after a lost response stores nothing twice and answers the same id.
 */
export async function registerParticipant(
  id: string,
  registration: NewRegistration,
  honeypot = '',
): Promise<{ id: string }> {
  let result;
  try {
    result = await callPublicWrite('register_participant', {
      ...toRegistrationPayload(id, registration),
      website: honeypot,
    });
  } catch (error) {
    // supabase-js or the proof of work's challenge could not be downloaded: the visitor is offline.
    throw new DataError('network', REGISTRATION_NETWORK_ERROR, { details: error });
  }
  const { data, error } = result;
  if (error) throw toRegistrationError(error);
  // The answer is jsonb (`Json` in the generated types): `{ id }` when it is what the function
  // returns, else the id the client sent.
  const stored = data !== null && typeof data === 'object' && !Array.isArray(data) ? data.id : null;
  return { id: typeof stored === 'string' ? stored : id };
}
