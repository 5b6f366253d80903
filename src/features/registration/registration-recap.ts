import type { NewRegistration } from '@/data/participants/register-participant';
import { registrationReference } from '@/lib/registration-reference';
import type { Category, ParticipationType } from '@/data/participants/types';

/**
 * What /success recaps after a registration, handed over in the navigation's state (React
 * Router's `location.state`): nothing is stored for it, so /success opened any other way shows
 * the specification's page alone.
 */
export type RegistrationRecap = {
  fullName: string;
  category: Category;
  participationType: ParticipationType;
  teamName: string;
  /** The other members' names (the registrant is `fullName`). */
  members: string[];
  /** To quote to the organisers: the participant id's first 8 characters, upper case. */
  reference: string;
};

export function toRecap(id: string, registration: NewRegistration): RegistrationRecap {
  const team = registration.participationType === 'team';
  return {
    fullName: registration.fullName.trim(),
    category: registration.category,
    participationType: registration.participationType,
    teamName: team ? registration.teamName.trim() : '',
    members: team ? registration.teamMembers.map((m) => m.fullName.trim()).filter(Boolean) : [],
    reference: registrationReference(id),
  };
}

const isText = (v: unknown): v is string => typeof v === 'string';

/** The recap in a navigation's state, or null (no state, or not one: e.g. another page's). */
export function readRecap(state: unknown): RegistrationRecap | null {
  const recap = (state as { recap?: Partial<RegistrationRecap> } | null)?.recap;
  if (!recap || typeof recap !== 'object') return null;
  const { fullName, category, participationType, teamName, members, reference } = recap;
  if (!isText(fullName) || !isText(teamName) || !isText(reference) || reference === '') return null;
  if (category !== 'dance' && category !== 'singing') return null;
  if (participationType !== 'solo' && participationType !== 'team') return null;
  if (!Array.isArray(members) || !members.every(isText)) return null;
  return { fullName, category, participationType, teamName, members, reference };
}
