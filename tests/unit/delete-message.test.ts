import { describe, expect, it } from 'vitest';
import { DELETE_QUESTION, deleteMessage } from '@/features/admin/participants/ParticipantActions';
import type { Participant } from '@/data/participants/types';

/**
 * The delete dialogs' words (issue 27): the specification's question first, verbatim; what goes
 * with a team's registration, in correct French whatever the number of members; on the
 * participant's page, the bin's sentence in place of "Cette action est irréversible.".
 */
const member = (fullName: string) => ({ fullName, email: '', phone: '690000009' });
const person = (over: Partial<Participant>): Participant => ({
  id: 'p1',
  fullName: 'Awa Ngono',
  email: 'awa@example.cm',
  phone: '690000001',
  city: 'Douala',
  region: 'Littoral',
  category: 'dance',
  participationType: 'solo',
  teamName: '',
  linkToWork: '',
  description: '',
  agreeToTerms: true,
  createdAt: '2025-06-20T10:15:00.000Z',
  teamMembers: [],
  ...over,
});
const team = (members: number, teamName = 'Les Lions') =>
  person({
    participationType: 'team',
    teamName,
    teamMembers: Array.from({ length: members }, (_, i) => member(`Membre ${i + 1}`)),
  });

describe('the delete dialog’s message', () => {
  it('asks the specification’s question, alone for a solo on the list', () => {
    expect(DELETE_QUESTION).toBe('Êtes-vous sûr de vouloir supprimer ce participant ?');
    expect(deleteMessage(person({}), 'list')).toBe(DELETE_QUESTION);
  });

  it('says what goes with a team, singular and plural', () => {
    expect(deleteMessage(team(1), 'list')).toBe(
      `${DELETE_QUESTION} L’équipe «\u00a0Les Lions\u00a0» et son autre membre sont supprimés avec l’inscription.`,
    );
    expect(deleteMessage(team(3), 'list')).toBe(
      `${DELETE_QUESTION} L’équipe «\u00a0Les Lions\u00a0» et ses 3 autres membres sont supprimés avec l’inscription.`,
    );
    expect(deleteMessage(team(0, ''), 'list')).toBe(
      `${DELETE_QUESTION} L’équipe est supprimée avec l’inscription.`,
    );
    for (const n of [0, 1, 3]) expect(deleteMessage(team(n), 'list')).not.toMatch(/quittera/);
  });

  it('on the participant’s page: the question, then the bin’s sentence (team included)', () => {
    expect(deleteMessage(person({}), 'detail')).toBe(
      `${DELETE_QUESTION} L’inscription ira dans la corbeille, d’où elle pourra être restaurée pendant 30 jours.`,
    );
    expect(deleteMessage(team(2), 'detail')).toBe(
      `${DELETE_QUESTION} L’inscription ira dans la corbeille, avec l’équipe «\u00a0Les Lions\u00a0» et ses 2 autres membres, d’où elle pourra être restaurée pendant 30 jours.`,
    );
    expect(deleteMessage(team(2), 'detail')).not.toContain('Cette action est irréversible.');
  });
});
