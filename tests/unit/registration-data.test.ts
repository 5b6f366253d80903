import { describe, expect, it } from 'vitest';
import { DataError } from '@/lib/errors';
import { toRegistrationStatus } from '@/data/participants/registration-status';
import {
  closedReasonOf,
  DUPLICATE_EMAIL,
  DUPLICATE_PHONE,
  duplicateMemberPhone,
  refusedFieldOf,
  REGISTRATION_ERROR,
  repeatedMemberPhone,
  REGISTRATION_NETWORK_ERROR,
  toRegistrationError,
  toRegistrationPayload,
  type NewRegistration,
} from '@/data/participants/register-participant';
import { fr } from '../setup/french';

const solo: NewRegistration = {
  fullName: ' Awa Ngono ',
  email: ' Awa@Example.cm ',
  phone: '690000001',
  city: 'Douala',
  region: 'Littoral',
  category: 'dance',
  participationType: 'solo',
  teamName: 'ignored',
  linkToWork: ' ',
  description: '',
  agreeToTerms: true,
  teamMembers: [{ fullName: 'Ignored', phone: '690000009', email: '' }],
};

describe('toRegistrationPayload', () => {
  it('sends a solo without team fields, blanks as null, and the client id', () => {
    expect(toRegistrationPayload('id-1', solo)).toEqual({
      id: 'id-1',
      full_name: 'Awa Ngono',
      email: 'Awa@Example.cm',
      phone: '690000001',
      city: 'Douala',
      region: 'Littoral',
      category: 'dance',
      participation_type: 'solo',
      team_name: null,
      link_to_work: null,
      description: null,
      agree_to_terms: true,
      team_members: [],
    });
  });

  it('sends a team with its members in order (position = order)', () => {
    const payload = toRegistrationPayload('id-2', {
      ...solo,
      participationType: 'team',
      teamName: ' Les Lions ',
      linkToWork: 'https://youtu.be/x',
      description: 'Nous dansons',
      teamMembers: [
        { fullName: 'Paul', phone: '690000002', email: '' },
        { fullName: 'Marie', phone: '690000003', email: 'marie@x.cm' },
      ],
    });
    expect(payload).toMatchObject({
      participation_type: 'team',
      team_name: 'Les Lions',
      link_to_work: 'https://youtu.be/x',
      description: 'Nous dansons',
      team_members: [
        { full_name: 'Paul', phone: '690000002', email: null },
        { full_name: 'Marie', phone: '690000003', email: 'marie@x.cm' },
      ],
    });
  });
});

describe('registration errors', () => {
  it('says the person is already registered, naming the e-mail or the phone', () => {
    const email = toRegistrationError({ code: '23505', message: 'x', hint: 'duplicate_email' });
    expect(email).toMatchObject({
      kind: 'duplicate',
      message: DUPLICATE_EMAIL,
      reason: 'duplicate_email',
    });
    const phone = toRegistrationError({ code: '23505', message: 'x', hint: 'duplicate_phone' });
    expect(phone).toMatchObject({ kind: 'duplicate', message: DUPLICATE_PHONE });
    expect(DUPLICATE_EMAIL).toMatch(/déjà inscrite/);
    expect(refusedFieldOf(email)).toBe('email');
    expect(refusedFieldOf(phone)).toBe('phone');
  });

  it('names the team member whose phone is already registered or repeated, and points at the field', () => {
    const taken = toRegistrationError({
      code: '23505',
      message: 'x',
      hint: 'duplicate_member_phone',
      details: '3',
    });
    expect(taken).toMatchObject({ kind: 'duplicate', message: duplicateMemberPhone(3) });
    expect(taken.message).toBe(
      fr(
        'Le membre 3 est déjà inscrit : son numéro de téléphone a déjà servi à une inscription au Booster Challenge.',
      ),
    );
    expect(refusedFieldOf(taken)).toBe('teamMembers.2.phone');

    const repeated = toRegistrationError({
      code: '23514',
      message: 'x',
      hint: 'team_phone_repeated',
      details: '1',
    });
    expect(repeated).toMatchObject({ kind: 'invalid', message: repeatedMemberPhone(1) });
    expect(refusedFieldOf(repeated)).toBe('teamMembers.0.phone');

    // without a member number: no field to point at, the generic message
    const unnamed = toRegistrationError({
      code: '23505',
      message: 'x',
      hint: 'duplicate_member_phone',
    });
    expect(refusedFieldOf(unnamed)).toBeUndefined();
    expect(refusedFieldOf(new Error('x'))).toBeUndefined();
  });

  it('recognises a closed window or a full contest', () => {
    const full = toRegistrationError({
      code: 'P0001',
      message: 'Le nombre maximum de participants est atteint.',
      hint: 'registration_full',
    });
    expect(full).toMatchObject({
      kind: 'closed',
      message: 'Le nombre maximum de participants est atteint.',
    });
    expect(closedReasonOf(full)).toBe('full');
    expect(
      closedReasonOf(
        toRegistrationError({ code: 'P0001', message: 'm', hint: 'registration_not_open' }),
      ),
    ).toBe('not_open');
    expect(
      closedReasonOf(
        toRegistrationError({ code: 'P0001', message: 'm', hint: 'registration_closed' }),
      ),
    ).toBe('closed');
    expect(
      closedReasonOf(toRegistrationError({ code: '23505', hint: 'duplicate_email' })),
    ).toBeNull();
    expect(closedReasonOf(new Error('x'))).toBeNull();
  });

  it('gives the team-size rule, a network failure and anything else a French message', () => {
    const size = toRegistrationError({
      code: '23514',
      message: 'Une équipe compte de 2 à 10 personnes',
      hint: 'team_size',
    });
    expect(size).toMatchObject({
      kind: 'invalid',
      message: 'Une équipe compte de 2 à 10 personnes',
    });
    const offline = toRegistrationError({
      code: '',
      message: 'TypeError: Failed to fetch',
      details: '',
    });
    expect(offline).toMatchObject({ kind: 'network', message: REGISTRATION_NETWORK_ERROR });
    const other = toRegistrationError({ code: 'XX000', message: 'internal error' });
    expect(other).toBeInstanceOf(DataError);
    expect(other.message).toBe(REGISTRATION_ERROR);
  });
});

describe('toRegistrationStatus', () => {
  it('maps the JSON of registration_status()', () => {
    expect(
      toRegistrationStatus({
        open: true,
        reason: 'open',
        opensAt: '2025-06-15',
        closesAt: '2025-07-30',
      }),
    ).toEqual({ open: true, reason: 'open', opensAt: '2025-06-15', closesAt: '2025-07-30' });
    expect(
      toRegistrationStatus({ open: false, reason: 'full', opensAt: 'a', closesAt: 'b' }),
    ).toMatchObject({
      open: false,
      reason: 'full',
    });
  });

  it('refuses an answer that is not a status (neither open nor closed)', () => {
    const dates = { opensAt: null, closesAt: null };
    expect(() => toRegistrationStatus(null)).toThrow(DataError);
    // A null composite (PostgREST's answer when no settings row): every field null.
    expect(() => toRegistrationStatus({ open: null, reason: null, ...dates })).toThrow(DataError);
    expect(() => toRegistrationStatus({ open: true, reason: 'maybe', ...dates })).toThrow(
      DataError,
    );
    expect(toRegistrationStatus({ open: true, reason: 'full', ...dates })).toMatchObject({
      open: false,
      opensAt: '',
    });
  });
});
