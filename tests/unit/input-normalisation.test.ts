import { describe, expect, it } from 'vitest';
import { normalisePhone } from '@/lib/phone';
import { phoneDigitsOf } from '@/features/door/door-input';
import { cameroonDigits, findCameroonPhone } from '@/lib/whatsapp';
import { PHONE_INVALID, PHONE_REQUIRED, withScheme } from '@/lib/validation';
import { PARTICIPANT_LIMITS } from '@/lib/participant-rules';
import { RESERVATION_DEFAULTS, reservationSchema } from '@/features/reservation/reservation-schema';
import {
  EMPTY_REGISTRATION,
  MESSAGES,
  registrationSchema,
  toNewRegistration,
  type RegistrationFormValues,
} from '@/features/registration/registration-schema';
import { participantEditSchema } from '@/features/admin/participants/participant-edit-schema';
import {
  SETTINGS_MESSAGES,
  settingsSchema,
  toSettingsPatch,
  type SettingsFormValues,
} from '@/features/admin/settings/settings-schema';

/** Phones as people write them: each is 677 12 34 56. */
const ACCEPTED = [
  '677123456',
  '+237 6 77 12 34 56',
  '+237677123456',
  '00237677123456',
  '00237 677 12 34 56',
  '237677123456',
  '237 677 12 34 56',
  '(+237) 677 12 34 56',
  '677 12 34 56',
  '6 77 12 34 56',
  '677.12.34.56',
  '677-12-34-56',
  '  677 123 456  ',
  // A number pasted from a chat or a page: no-break and narrow no-break spaces, a real dash.
  '677\u00a012\u00a034\u00a056',
  '+237\u202f677\u202f12\u202f34\u202f56',
  '677–12–34–56',
];

/** Still not a 9-digit number once written out: the specification's message. */
const REFUSED = [
  '67712345', // 8 digits
  '677 12 34 5',
  '6771234567', // 10 digits
  '677 12 34 567',
  '677 12 34 5a', // a letter
  'six cent',
  'Tél. 677 12 34 56',
  '+237 677 12 34 5', // 8 digits after the code
  '+237 677 12 34 567', // 10 digits after the code
  '2376771234', // 237 before 7 digits
  '+33 6 77 12 34 56', // another country
  '+677123456', // + without a country code
  '0677123456', // a leading 0
  '677/12/34/56',
  '677_12_34_56',
];

const EXPECTED = '677123456';

const reservation = (phone: string) =>
  reservationSchema.safeParse({
    ...RESERVATION_DEFAULTS,
    fullName: 'Jean Mbarga',
    phone,
    ville: 'Yaoundé',
    heardFrom: 'social',
  });

const solo: RegistrationFormValues = {
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

const team = (memberPhone: string): RegistrationFormValues => ({
  ...solo,
  participationType: 'team',
  teamName: 'Les Lions',
  teamMembers: [{ fullName: 'Jean Fotso', phone: memberPhone, email: '' }],
});

const edit = {
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
  teamMembers: [{ fullName: 'Jean Fotso', phone: '690000002', email: '' }],
};

/** Each failing path ('teamMembers.0.phone') with its messages. */
function errorsOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? [])
    (out[issue.path.map(String).join('.')] ??= []).push(issue.message);
  return out;
}

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

describe('links without a scheme get https://', () => {
  const completed = [
    ['youtube.com/watch?v=abc', 'https://youtube.com/watch?v=abc'],
    ['www.tiktok.com/@x', 'https://www.tiktok.com/@x'],
    ['youtu.be/abc', 'https://youtu.be/abc'],
    ['  m.facebook.com/booster/videos/1  ', 'https://m.facebook.com/booster/videos/1'],
    ['instagram.com/reel/Cx1?igsh=a', 'https://instagram.com/reel/Cx1?igsh=a'],
    ['vidéos.cm:8443/ma-prestation#t=30', 'https://vidéos.cm:8443/ma-prestation#t=30'],
  ] as const;
  const kept = ['https://youtu.be/abc', 'http://booster.cm/a', 'HTTPS://WWW.TIKTOK.COM/@X'];
  const refused = [
    'ma vidéo',
    'youtube',
    'ftp://x.cm/a',
    'javascript:alert(1)',
    'mailto:awa@example.cm',
    'awa@example.cm',
    'youtube.com/watch ?v=abc',
    'https//youtube.com/x',
  ];

  const registrationLink = (linkToWork: string) =>
    registrationSchema.safeParse({ ...solo, linkToWork });
  const editLink = (linkToWork: string) => participantEditSchema.safeParse({ ...edit, linkToWork });

  it.each(completed)('%j is stored as %j', (written, stored) => {
    expect(withScheme(written)).toBe(stored);
    const registered = registrationLink(written);
    expect(errorsOf(registered)).toEqual({});
    expect(registered.success && toNewRegistration(registered.data).linkToWork).toBe(stored);
    const edited = editLink(written);
    expect(errorsOf(edited)).toEqual({});
    expect(edited.data?.linkToWork).toBe(stored);
  });

  it.each(kept)('%j, which has its scheme, is kept as written', (link) => {
    expect(withScheme(` ${link} `)).toBe(link);
    expect(registrationLink(link).data?.linkToWork).toBe(link);
    expect(editLink(link).data?.linkToWork).toBe(link);
  });

  it.each(refused)('%j is refused with the message of each form', (link) => {
    expect(errorsOf(registrationLink(link))).toEqual({ linkToWork: [MESSAGES.linkInvalid] });
    expect(errorsOf(editLink(link))).toEqual({
      linkToWork: ['Lien invalide (il doit commencer par http:// ou https://)'],
    });
  });

  it('leaves an empty link empty, and measures the 500 characters with https://', () => {
    expect(registrationLink('  ').data?.linkToWork).toBe('');
    const path = 'a'.repeat(PARTICIPANT_LIMITS.link - 'https://x.cm/'.length);
    expect(registrationLink(`x.cm/${path}`).data?.linkToWork).toHaveLength(PARTICIPANT_LIMITS.link);
    expect(errorsOf(registrationLink(`x.cm/${path}a`))).toEqual({ linkToWork: [MESSAGES.linkMax] });
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
