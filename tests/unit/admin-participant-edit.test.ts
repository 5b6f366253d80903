import { describe, expect, it } from 'vitest';
import {
  participantEditSchema,
  toEditValues,
} from '@/features/admin/participants/participant-edit-schema';
import { MESSAGES } from '@/features/registration/registration-schema';
import { PARTICIPANT_MESSAGES } from '@/lib/participant-rules';
import type { Participant } from '@/data/participants/types';
import { fr } from '../setup/french';

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

  it('shows the phones as every other screen does, and reads them back as 9 digits (issue 40)', () => {
    const values = toEditValues(team);
    expect(values.phone).toBe('6 90 00 00 01');
    expect(values.teamMembers[0].phone).toBe('6 90 00 00 02');
    const parsed = participantEditSchema.parse(values);
    expect(parsed.phone).toBe('690000001');
    expect(parsed.teamMembers[0].phone).toBe('690000002');
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
      `teamMembers.1.phone: ${fr('Ce numéro est déjà celui d’une autre personne de l’équipe : chacun indique le sien')}`,
    ]);
    v.teamMembers[1].phone = '690000003';
    v.phone = '690000003';
    expect(messages(v)).toEqual([
      `teamMembers.1.phone: ${fr('Ce numéro est déjà celui d’une autre personne de l’équipe : chacun indique le sien')}`,
    ]);
  });

  it('requires a team name and 1 to 9 members for a team', () => {
    const v = { ...toEditValues(team), teamName: ' ', teamMembers: [] };
    expect(messages(v)).toEqual([
      'teamName: Le nom de l’équipe est obligatoire',
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
    const v = { ...toEditValues(team), linkToWork: 'youtube', email: 'awa@' };
    expect(messages(v)).toEqual([
      'email: Adresse email invalide',
      'linkToWork: Lien invalide (il doit commencer par http:// ou https://)',
    ]);
  });
});

describe('participant edit schema: the database limits, on the field', () => {
  /** The first issue of each field, as the form shows it. */
  const firstByField = (values: unknown) => {
    const r = participantEditSchema.safeParse(values);
    const out: Record<string, string> = {};
    for (const issue of r.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
    return out;
  };

  it('refuses an e-mail over 254 characters and a link over 500 with the registration messages', () => {
    const email = `${'a'.repeat(250)}@x.cm`;
    const link = `https://x.cm/${'a'.repeat(488)}`;
    expect(email).toHaveLength(255);
    expect(link).toHaveLength(501);
    expect(firstByField({ ...toEditValues(team), email, linkToWork: link })).toEqual({
      email: PARTICIPANT_MESSAGES.emailMax,
      linkToWork: PARTICIPANT_MESSAGES.linkMax,
    });
    expect(PARTICIPANT_MESSAGES.emailMax).toBe(MESSAGES.emailMax);
    expect(PARTICIPANT_MESSAGES.linkMax).toBe(MESSAGES.linkMax);
    // at the limit, both are accepted
    expect(
      messages({ ...toEditValues(team), email: email.slice(1), linkToWork: link.slice(0, -1) }),
    ).toEqual([]);
  });

  it('checks a member’s e-mail and name lengths, and the name and city lengths, in French', () => {
    const v = toEditValues(team);
    v.teamMembers[0].email = `${'a'.repeat(250)}@x.cm`;
    v.teamMembers[0].fullName = 'J'.repeat(101);
    expect(
      firstByField({ ...v, fullName: 'A'.repeat(101), city: 'D'.repeat(81), teamName: 'L' }),
    ).toEqual({
      fullName: MESSAGES.fullNameMax,
      city: MESSAGES.cityMax,
      teamName: MESSAGES.teamNameMin,
      'teamMembers.0.fullName': MESSAGES.fullNameMax,
      'teamMembers.0.email': MESSAGES.emailMax,
    });
  });

  it('treats a team name of invisible characters as blank, as the database does', () => {
    expect(firstByField({ ...toEditValues(team), teamName: '\u200b\u200b\u200b' })).toEqual({
      teamName: 'Le nom de l’équipe est obligatoire',
    });
  });

  it('ignores the hidden team fields of a solo (the save drops them)', () => {
    const solo = {
      ...toEditValues(team),
      participationType: 'solo',
      teamName: 'L'.repeat(81),
      teamMembers: [{ fullName: '', phone: '12', email: 'x' }],
    };
    expect(messages(solo)).toEqual([]);
  });

  it('reports the team errors while another field is wrong', () => {
    expect(messages({ ...toEditValues(team), city: 'D', teamMembers: [] })).toEqual([
      'city: La ville doit contenir au moins 2 caractères',
      'teamMembers: Une équipe compte de 2 à 10 personnes (le responsable et 1 à 9 membres).',
    ]);
  });
});
