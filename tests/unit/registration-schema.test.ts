import { describe, expect, it } from 'vitest';
import { PHONE_INVALID, PHONE_REQUIRED } from '@/lib/validation';
import {
  EMPTY_REGISTRATION,
  MESSAGES,
  registrationSchema,
  toNewRegistration,
  type RegistrationFormValues,
} from '@/features/registration/registration-schema';

const member = (n: number) => ({ fullName: `Membre ${n}`, phone: `67000000${n}`, email: '' });

const valid: RegistrationFormValues = {
  ...EMPTY_REGISTRATION,
  category: 'dance',
  participationType: 'solo',
  fullName: 'Awa Ngono',
  email: 'awa@example.cm',
  phone: '690000001',
  city: 'Douala',
  region: 'Littoral',
  agreeToTerms: true,
};

/**
 * The message the form shows under each field (the first issue of its path, as react-hook-form's
 * resolver reports it), keyed by path ('teamMembers.0.phone').
 */
function errorsOf(values: unknown): Record<string, string[]> {
  const result = registrationSchema.safeParse(values);
  const out: Record<string, string[]> = {};
  if (result.success) return out;
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= [issue.message];
  return out;
}

describe('registration schema', () => {
  it('accepts a complete solo registration and a team of 2 to 10 people', () => {
    expect(errorsOf(valid)).toEqual({});
    const team = { ...valid, participationType: 'team', teamName: 'Les Lions' };
    expect(errorsOf({ ...team, teamMembers: [member(1)] })).toEqual({});
    expect(
      errorsOf({ ...team, teamMembers: Array.from({ length: 9 }, (_, i) => member(i)) }),
    ).toEqual({});
  });

  it('shows every required-field message on an empty form at once', () => {
    expect(errorsOf(EMPTY_REGISTRATION)).toEqual({
      category: [MESSAGES.category],
      participationType: [MESSAGES.participationType],
      fullName: [MESSAGES.fullNameRequired],
      email: [MESSAGES.emailRequired],
      phone: [PHONE_REQUIRED],
      city: [MESSAGES.cityRequired],
      region: [MESSAGES.region],
      agreeToTerms: [MESSAGES.terms],
    });
  });

  it('checks lengths and formats with French messages', () => {
    expect(errorsOf({ ...valid, fullName: ' A ' }).fullName).toEqual([MESSAGES.fullNameMin]);
    expect(errorsOf({ ...valid, fullName: 'A'.repeat(101) }).fullName).toEqual([
      MESSAGES.fullNameMax,
    ]);
    expect(errorsOf({ ...valid, email: 'awa@example' }).email).toEqual([MESSAGES.emailInvalid]);
    expect(errorsOf({ ...valid, email: `${'a'.repeat(250)}@x.cm` }).email).toEqual([
      MESSAGES.emailMax,
    ]);
    expect(errorsOf({ ...valid, phone: '690 000 01' }).phone).toEqual([PHONE_INVALID]);
    expect(errorsOf({ ...valid, phone: '69000000' }).phone).toEqual([PHONE_INVALID]);
    expect(errorsOf({ ...valid, city: 'D' }).city).toEqual([MESSAGES.cityMin]);
    expect(errorsOf({ ...valid, city: 'D'.repeat(81) }).city).toEqual([MESSAGES.cityMax]);
    expect(errorsOf({ ...valid, region: 'Douala' }).region).toEqual([MESSAGES.region]);
    expect(errorsOf({ ...valid, category: 'rap' }).category).toEqual([MESSAGES.category]);
    expect(errorsOf({ ...valid, agreeToTerms: false }).agreeToTerms).toEqual([MESSAGES.terms]);
  });

  it('accepts only http(s) links up to 500 characters, and descriptions up to 1000', () => {
    expect(errorsOf({ ...valid, linkToWork: 'https://youtu.be/abc' })).toEqual({});
    expect(errorsOf({ ...valid, linkToWork: 'youtu.be/abc' })).toEqual({});
    expect(errorsOf({ ...valid, linkToWork: 'ma vidéo' }).linkToWork).toEqual([
      MESSAGES.linkInvalid,
    ]);
    expect(errorsOf({ ...valid, linkToWork: 'ftp://x.cm/a' }).linkToWork).toEqual([
      MESSAGES.linkInvalid,
    ]);
    expect(
      errorsOf({ ...valid, linkToWork: `https://x.cm/${'a'.repeat(490)}` }).linkToWork,
    ).toEqual([MESSAGES.linkMax]);
    expect(errorsOf({ ...valid, description: 'd'.repeat(1000) })).toEqual({});
    expect(errorsOf({ ...valid, description: 'd'.repeat(1001) }).description).toEqual([
      MESSAGES.descriptionMax,
    ]);
  });

  it('requires a team name and 1 to 9 other members for a team, each with a name and a phone', () => {
    const team = { ...valid, participationType: 'team' };
    expect(errorsOf({ ...team, teamMembers: [] })).toEqual({
      teamName: [MESSAGES.teamNameRequired],
      teamMembers: [MESSAGES.teamTooSmall],
    });
    expect(errorsOf({ ...team, teamName: 'L', teamMembers: [member(1)] }).teamName).toEqual([
      MESSAGES.teamNameMin,
    ]);
    expect(
      errorsOf({ ...team, teamName: 'L'.repeat(81), teamMembers: [member(1)] }).teamName,
    ).toEqual([MESSAGES.teamNameMax]);
    const eleven = Array.from({ length: 10 }, (_, i) => member(i));
    expect(errorsOf({ ...team, teamName: 'Les Lions', teamMembers: eleven })).toEqual({
      teamMembers: [MESSAGES.teamTooLarge],
    });
    expect(
      errorsOf({
        ...team,
        teamName: 'Les Lions',
        teamMembers: [member(1), { fullName: '', phone: '12', email: 'pas-un-email' }],
      }),
    ).toEqual({
      'teamMembers.1.fullName': [MESSAGES.memberNameRequired],
      'teamMembers.1.phone': [PHONE_INVALID],
      'teamMembers.1.email': [MESSAGES.emailInvalid],
    });
  });

  it('asks each person of the team for their own phone', () => {
    const team = { ...valid, participationType: 'team', teamName: 'Les Lions' };
    expect(
      errorsOf({ ...team, teamMembers: [member(1), { ...member(2), phone: valid.phone }] }),
    ).toEqual({ 'teamMembers.1.phone': [MESSAGES.memberPhoneRepeated] });
    expect(
      errorsOf({
        ...team,
        teamMembers: [member(1), member(2), { ...member(3), phone: member(1).phone }],
      }),
    ).toEqual({ 'teamMembers.2.phone': [MESSAGES.memberPhoneRepeated] });
    // an invalid phone gets its format message only
    expect(errorsOf({ ...team, teamMembers: [member(1), { ...member(2), phone: '12' }] })).toEqual({
      'teamMembers.1.phone': [PHONE_INVALID],
    });
  });

  it('still reports team errors while other fields are wrong', () => {
    const errors = errorsOf({ ...EMPTY_REGISTRATION, participationType: 'team' });
    expect(errors.teamName).toEqual([MESSAGES.teamNameRequired]);
    expect(errors.teamMembers).toEqual([MESSAGES.teamTooSmall]);
    expect(errors.category).toEqual([MESSAGES.category]);
  });

  it('ignores team fields kept from an earlier choice when the visitor registers solo', () => {
    const solo = { ...valid, teamName: 'x', teamMembers: [{ fullName: '', phone: '', email: '' }] };
    const parsed = registrationSchema.parse(solo);
    expect(toNewRegistration(parsed)).toMatchObject({ teamName: '', teamMembers: [] });
  });

  it('trims values for the submission', () => {
    const parsed = registrationSchema.parse({
      ...valid,
      participationType: 'team',
      fullName: '  Awa Ngono ',
      teamName: ' Les Lions ',
      teamMembers: [{ fullName: ' Paul ', phone: ' 690000002 ', email: ' p@x.cm ' }],
    });
    expect(toNewRegistration(parsed)).toMatchObject({
      fullName: 'Awa Ngono',
      teamName: 'Les Lions',
      teamMembers: [{ fullName: 'Paul', phone: '690000002', email: 'p@x.cm' }],
    });
  });
});

describe('blank names, cities and team names (any invisible character)', () => {
  it.each(['\t', '\u00a0\u00a0', '\u200b\u200b', '\n\n'])('refuses %j', (blank) => {
    const result = registrationSchema.safeParse({
      ...valid,
      participationType: 'team',
      teamMembers: [{ fullName: 'Membre Un', phone: '677000001', email: '' }],
      fullName: blank,
      city: blank,
      teamName: blank,
    });
    // The first issue of each field, as the form shows it.
    const byField: Record<string, string> = {};
    for (const issue of result.error?.issues ?? [])
      byField[String(issue.path[0])] ??= issue.message;
    expect(byField).toMatchObject({
      fullName: 'Le nom complet est obligatoire',
      city: 'La ville est obligatoire',
      teamName: 'Le nom de l’équipe est obligatoire',
    });
  });
});
