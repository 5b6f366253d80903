/**
 * Phones as people write them: read as the 9 digits by every form, the WhatsApp links and the
 * door, or refused with the specification's message. Links: link-normalisation.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { normalisePhone } from '@/lib/phone';
import { phoneDigitsOf } from '@/features/door/door-input';
import { cameroonDigits, findCameroonPhone } from '@/lib/whatsapp';
import { PHONE_INVALID, PHONE_REQUIRED } from '@/lib/validation';
import {
  MESSAGES,
  registrationSchema,
  toNewRegistration,
} from '@/features/registration/registration-schema';
import { participantEditSchema } from '@/features/admin/participants/participant-edit-schema';
import {
  SETTINGS_MESSAGES,
  settingsSchema,
  toSettingsPatch,
  type SettingsFormValues,
} from '@/features/admin/settings/settings-schema';
import {
  ACCEPTED,
  REFUSED,
  EXPECTED,
  reservation,
  solo,
  team,
  edit,
  errorsOf,
} from './support/input-normalisation';

describe('normalisePhone', () => {
  it.each(ACCEPTED)('reads %j as 677123456', (written) => {
    expect(normalisePhone(written)).toBe(EXPECTED);
  });

  it.each(REFUSED)('leaves %j for the rule to refuse (only trimmed)', (written) => {
    expect(normalisePhone(` ${written} `)).toBe(written);
  });

  it('takes 237 as the country code only before 9 digits', () => {
    expect(normalisePhone('237123456')).toBe('237123456');
    expect(normalisePhone('237 12 34 56')).toBe('237123456');
    expect(normalisePhone('+237 12 34 56')).toBe('+237 12 34 56');
    expect(normalisePhone('237237123456')).toBe('237123456');
  });

  it('is the reading of the WhatsApp links too, which also want a 6 or a 2 first', () => {
    for (const written of ACCEPTED) expect(cameroonDigits(written)).toBe(EXPECTED);
    for (const written of REFUSED) expect(cameroonDigits(written)).toBeNull();
    expect(cameroonDigits('+237 2 22 12 34 56')).toBe('222123456');
    expect(cameroonDigits('123456789')).toBeNull();
    expect(findCameroonPhone('appelez-moi au +237 6 77 12 34 56 merci')).toBe(EXPECTED);
    expect(findCameroonPhone('mon numéro : 00237.677.12.34.56')).toBe(EXPECTED);
  });
});

describe('every form that takes a phone stores the 9 digits', () => {
  it.each(ACCEPTED)('%j', (written) => {
    const booked = reservation(written);
    expect(errorsOf(booked)).toEqual({});
    expect(booked.data?.phone).toBe(EXPECTED);

    const registered = registrationSchema.safeParse({ ...solo, phone: written });
    expect(errorsOf(registered)).toEqual({});
    expect(registered.success && toNewRegistration(registered.data).phone).toBe(EXPECTED);

    const withMember = registrationSchema.safeParse(team(written));
    expect(errorsOf(withMember)).toEqual({});
    expect(withMember.data?.teamMembers[0].phone).toBe(EXPECTED);
    expect(withMember.success && toNewRegistration(withMember.data).teamMembers[0].phone).toBe(
      EXPECTED,
    );

    const edited = participantEditSchema.safeParse({ ...edit, phone: written });
    expect(errorsOf(edited)).toEqual({});
    expect(edited.data?.phone).toBe(EXPECTED);
    const editedMember = participantEditSchema.safeParse({
      ...edit,
      teamMembers: [{ ...edit.teamMembers[0], phone: written }],
    });
    expect(errorsOf(editedMember)).toEqual({});
    expect(editedMember.data?.teamMembers[0].phone).toBe(EXPECTED);

    expect(settingsSchema.shape.contactPhone.safeParse(written).success).toBe(true);
    const patch = toSettingsPatch({ contactPhone: written } as SettingsFormValues, [
      'contactPhone',
    ]);
    expect(patch).toEqual({ contactPhone: EXPECTED });
  });
});

describe('what is still not a phone gets the specification’s message on its field', () => {
  it.each(REFUSED)('%j', (written) => {
    expect(errorsOf(reservation(written))).toEqual({ phone: [PHONE_INVALID] });
    expect(errorsOf(registrationSchema.safeParse({ ...solo, phone: written }))).toEqual({
      phone: [PHONE_INVALID],
    });
    expect(errorsOf(registrationSchema.safeParse(team(written)))).toEqual({
      'teamMembers.0.phone': [PHONE_INVALID],
    });
    expect(errorsOf(participantEditSchema.safeParse({ ...edit, phone: written }))).toEqual({
      phone: [PHONE_INVALID],
    });
    expect(
      errorsOf(
        participantEditSchema.safeParse({
          ...edit,
          teamMembers: [{ ...edit.teamMembers[0], phone: written }],
        }),
      ),
    ).toEqual({ 'teamMembers.0.phone': [PHONE_INVALID] });
    expect(errorsOf(settingsSchema.shape.contactPhone.safeParse(written))).toEqual({
      '': [SETTINGS_MESSAGES.contactPhone],
    });
  });

  it('keeps the message the specification gives, word for word', () => {
    expect(PHONE_INVALID).toBe("Numéro de téléphone invalide (9 chiffres requis, Pas d'espace)");
    expect(PHONE_REQUIRED).toBe('Le numéro de téléphone est obligatoire');
  });

  it('a blank phone is still "obligatoire", not "invalide"', () => {
    for (const blank of ['', '   ', '\u00a0\u00a0']) {
      expect(errorsOf(reservation(blank)).phone?.[0]).toBe(PHONE_REQUIRED);
      expect(errorsOf(registrationSchema.safeParse({ ...solo, phone: blank })).phone?.[0]).toBe(
        PHONE_REQUIRED,
      );
    }
  });

  it('knows one person however the phone is written: a member may not reuse it', () => {
    expect(errorsOf(registrationSchema.safeParse(team('+237 690 00 00 01')))).toEqual({
      'teamMembers.0.phone': [MESSAGES.memberPhoneRepeated],
    });
    expect(
      errorsOf(
        participantEditSchema.safeParse({
          ...edit,
          phone: '00237 690.00.00.02',
        }),
      ),
    ).toEqual({ 'teamMembers.0.phone': [MESSAGES.memberPhoneRepeated] });
  });
});

describe('a phone typed at the door (phoneDigitsOf)', () => {
  it.each([
    ['+237 6 77 12 34 56', '677123456'],
    ['(+237) 677-12-34-56', '677123456'],
    ['00237677123456', '677123456'],
    ['677.12.34.56', '677123456'],
    ['6 77 12 34 56', '677123456'],
  ])('%j is the holder of 9 digits %s, as the forms read it', (typed, digits) => {
    expect(phoneDigitsOf(typed)).toBe(digits);
    expect(phoneDigitsOf(typed)).toBe(normalisePhone(typed));
  });

  it.each(['677 12 34', '6771234567', 'abc', '237 677 12', ''])('%j is no phone', (typed) => {
    expect(phoneDigitsOf(typed)).toBeNull();
  });
});
