import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { EDITION } from '@/config/edition';
import { PHONE_INVALID } from '@/lib/validation';
import {
  participantFields,
  teamIssues,
  teamMemberRules,
  PARTICIPANT_LIMITS,
  PARTICIPANT_MESSAGES,
  TEAM_MEMBERS,
} from '@/lib/participant-rules';
import { MESSAGES } from '@/features/registration/registration-schema';

const member = (n: number) => ({ fullName: `Membre ${n}`, phone: `67000000${n}`, email: '' });
const team = { participationType: 'team', phone: '690000001', teamName: 'Les Lions' };

describe('participant rules', () => {
  it('gives both forms one set of team limits, from the edition', () => {
    expect(TEAM_MEMBERS).toEqual({ min: EDITION.team.min - 1, max: EDITION.team.max - 1 });
  });

  it('is the registration form’s wording (plus its terms)', () => {
    expect(MESSAGES).toMatchObject(PARTICIPANT_MESSAGES);
    expect(Object.keys(MESSAGES)).toEqual([...Object.keys(PARTICIPANT_MESSAGES), 'terms']);
  });

  it('holds the database limits', () => {
    const fields = z.object(participantFields());
    const first = (values: object) => {
      const r = fields.safeParse({
        fullName: 'Awa Ngono',
        email: 'awa@example.cm',
        phone: '690000001',
        city: 'Douala',
        region: 'Littoral',
        category: 'dance',
        participationType: 'solo',
        linkToWork: '',
        description: '',
        ...values,
      });
      return r.success ? undefined : r.error.issues[0].message;
    };
    expect(first({})).toBeUndefined();
    const at = (n: number) => `${'a'.repeat(n - 5)}@x.cm`;
    expect(first({ email: at(PARTICIPANT_LIMITS.email) })).toBeUndefined();
    expect(first({ email: at(PARTICIPANT_LIMITS.email + 1) })).toBe(PARTICIPANT_MESSAGES.emailMax);
    const link = (n: number) => `https://x.cm/${'a'.repeat(n - 13)}`;
    expect(first({ linkToWork: link(PARTICIPANT_LIMITS.link) })).toBeUndefined();
    expect(first({ linkToWork: link(PARTICIPANT_LIMITS.link + 1) })).toBe(
      PARTICIPANT_MESSAGES.linkMax,
    );
    // a blank name reports "required" only, not also "too short"
    const blank = fields.safeParse({ fullName: '\u200b' });
    expect(
      blank.error?.issues.filter((i) => i.path[0] === 'fullName').map((i) => i.message),
    ).toEqual([PARTICIPANT_MESSAGES.fullNameRequired]);
  });

  it('checks a member’s optional e-mail', () => {
    const memberRules = teamMemberRules();
    expect(memberRules.safeParse(member(1)).success).toBe(true);
    expect(memberRules.safeParse({ ...member(1), email: 'p@x.cm' }).success).toBe(true);
    expect(memberRules.safeParse({ ...member(1), email: 'p@x' }).error?.issues[0].message).toBe(
      PARTICIPANT_MESSAGES.emailInvalid,
    );
  });

  it('checks the team only for a team, with the given messages', () => {
    expect(teamIssues({ ...team, participationType: 'solo', teamName: '' })).toEqual([]);
    expect(teamIssues({ ...team, teamMembers: [member(1)] })).toEqual([]);
    expect(teamIssues({ ...team, teamName: '\u00a0', teamMembers: [] })).toEqual([
      { path: ['teamName'], message: PARTICIPANT_MESSAGES.teamNameRequired },
      { path: ['teamMembers'], message: PARTICIPANT_MESSAGES.teamTooSmall },
    ]);
    const own = { ...PARTICIPANT_MESSAGES, teamTooLarge: 'Trop de monde' };
    const ten = Array.from({ length: TEAM_MEMBERS.max + 1 }, (_, i) => member(i));
    expect(teamIssues({ ...team, teamMembers: ten }, own)).toEqual([
      { path: ['teamMembers'], message: 'Trop de monde' },
    ]);
  });

  it('names the member field in error and the repeated phone', () => {
    expect(
      teamIssues({
        ...team,
        teamMembers: [
          { ...member(1), phone: '12' },
          { ...member(2), phone: team.phone },
        ],
      }),
    ).toEqual([
      { path: ['teamMembers', 0, 'phone'], message: PHONE_INVALID },
      { path: ['teamMembers', 1, 'phone'], message: PARTICIPANT_MESSAGES.memberPhoneRepeated },
    ]);
  });

  it('copes with values of the wrong type (it also runs while other fields are wrong)', () => {
    expect(
      teamIssues({ participationType: 'team', phone: 7, teamName: null, teamMembers: 'x' }),
    ).toEqual([
      { path: ['teamName'], message: PARTICIPANT_MESSAGES.teamNameRequired },
      { path: ['teamMembers'], message: PARTICIPANT_MESSAGES.teamTooSmall },
    ]);
    expect(teamIssues({ ...team, teamMembers: [null] }).map((i) => i.path)).toEqual([
      ['teamMembers', 0],
    ]);
  });
});
