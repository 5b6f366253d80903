import { describe, expect, it } from 'vitest';
import {
  participantEditSchema,
  toEditValues,
} from '@/features/admin/participants/participant-edit-schema';
import type { Participant } from '@/data/types';

const team: Participant = {
  id: 'p1',
  fullName: 'Awa Ngono',
  email: 'awa@example.cm',
  phone: '690000001',
  city: 'Douala',
  region: 'Littoral',
  category: 'dance',
  participationType: 'team',
  teamName: 'Les Lions',
  linkToWork: '',
  description: '',
  agreeToTerms: true,
  createdAt: '2025-06-20T10:00:00Z',
  teamMembers: [{ id: 'm1', fullName: 'Jean Fotso', email: '', phone: '690000002' }],
};

const messages = (values: unknown) => {
  const r = participantEditSchema.safeParse(values);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('participant edit schema', () => {
  it('accepts the saved values of a team', () => {
    expect(messages(toEditValues(team))).toEqual([]);
  });

  it('names the invalid member phone', () => {
    const v = toEditValues(team);
    v.teamMembers[0].phone = '6900 0002';
    expect(messages(v)).toEqual([
      "teamMembers.0.phone: Numéro de téléphone invalide (9 chiffres requis, Pas d'espace)",
    ]);
  });

  it('asks each person of the team for their own phone', () => {
    const v = toEditValues(team);
    v.teamMembers.push({ fullName: 'Paul Eto', phone: '690000002', email: '' });
    expect(messages(v)).toEqual([
      "teamMembers.1.phone: Ce numéro est déjà celui d'une autre personne de l'équipe : chacun indique le sien",
    ]);
    v.teamMembers[1].phone = '690000003';
    v.phone = '690000003';
    expect(messages(v)).toEqual([
      "teamMembers.1.phone: Ce numéro est déjà celui d'une autre personne de l'équipe : chacun indique le sien",
    ]);
  });

  it('requires a team name and 1 to 9 members for a team', () => {
    const v = { ...toEditValues(team), teamName: ' ', teamMembers: [] };
    expect(messages(v)).toEqual([
      "teamName: Le nom de l'équipe est obligatoire",
      'teamMembers: Une équipe compte de 2 à 10 personnes (le responsable et 1 à 9 membres).',
    ]);
    const ten = Array.from({ length: 10 }, (_, i) => ({
      fullName: `Membre ${i}`,
      phone: `69000010${i}`,
      email: '',
    }));
    expect(messages({ ...toEditValues(team), teamMembers: ten })).toHaveLength(1);
  });

  it('checks the link and the e-mail', () => {
    const v = { ...toEditValues(team), linkToWork: 'youtube.com/x', email: 'awa@' };
    expect(messages(v)).toEqual([
      'email: Adresse email invalide',
      'linkToWork: Lien invalide (il doit commencer par http:// ou https://)',
    ]);
  });
});
