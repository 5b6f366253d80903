import { describe, expect, it } from 'vitest';
import { LINK_IN_NAME } from '@/lib/validation';
import { contactSchema } from '@/features/contact/contact-schema';
import { reservationSchema, RESERVATION_DEFAULTS } from '@/features/reservation/reservation-schema';
import {
  registrationSchema,
  EMPTY_REGISTRATION,
} from '@/features/registration/registration-schema';
import { participantEditSchema } from '@/features/admin/participants/participant-edit-schema';
import { LINK_NAMES, PUNCTUATED_NAMES, REAL_NAMES } from '../setup/text-cases';

/**
 * The forms' side of issue 38 (docs/decisions/038-no-visitor-links-and-outbox-only.md): a
 * person's or a team's name that looks like a link is refused on its field with the database's
 * French message; names with initials, dashes and apostrophes pass
 * (tests/integration/link-names.test.ts runs the same lists through the SQL).
 */

type Parse = (values: unknown) => {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
};

/** The first message of each path, as the forms show it. */
function errorsOf(schema: { safeParse: Parse }, values: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of schema.safeParse(values).error?.issues ?? [])
    out[issue.path.join('.')] ??= issue.message;
  return out;
}

const registration = {
  ...EMPTY_REGISTRATION,
  category: 'dance',
  participationType: 'team',
  fullName: 'Awa Ngono',
  email: 'awa@example.cm',
  phone: '690000001',
  city: 'Douala',
  region: 'Littoral',
  teamName: 'Les Lions',
  teamMembers: [{ fullName: 'Jean Fotso', phone: '690000002', email: '' }],
  agreeToTerms: true,
};
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
const member = (v: string) => [{ fullName: v, phone: '690000002', email: '' }];

/** [form, path, message, schema, values with the name]. */
const FIELDS: [string, string, string, { safeParse: Parse }, (v: string) => unknown][] = [
  [
    'registration',
    'fullName',
    LINK_IN_NAME.name,
    registrationSchema,
    (v) => ({ ...registration, fullName: v }),
  ],
  [
    'registration',
    'teamName',
    LINK_IN_NAME.teamName,
    registrationSchema,
    (v) => ({ ...registration, teamName: v }),
  ],
  [
    'registration',
    'teamMembers.0.fullName',
    LINK_IN_NAME.memberName,
    registrationSchema,
    (v) => ({ ...registration, teamMembers: member(v) }),
  ],
  [
    'admin edit',
    'fullName',
    LINK_IN_NAME.name,
    participantEditSchema,
    (v) => ({ ...edit, fullName: v }),
  ],
  [
    'admin edit',
    'teamName',
    LINK_IN_NAME.teamName,
    participantEditSchema,
    (v) => ({ ...edit, teamName: v }),
  ],
  [
    'admin edit',
    'teamMembers.0.fullName',
    LINK_IN_NAME.memberName,
    participantEditSchema,
    (v) => ({ ...edit, teamMembers: member(v) }),
  ],
  [
    'reservation',
    'fullName',
    LINK_IN_NAME.name,
    reservationSchema,
    (v) => ({
      ...RESERVATION_DEFAULTS,
      fullName: v,
      phone: '690000003',
      ville: 'Yaoundé',
      heardFrom: 'social',
    }),
  ],
  [
    'contact',
    'name',
    LINK_IN_NAME.name,
    contactSchema,
    (v) => ({
      name: v,
      email: 'paul@example.cm',
      subject: 'Question',
      message: 'Bonjour, une question.',
    }),
  ],
];

describe('names that look like links, in the forms', () => {
  it.each(FIELDS)(
    'the %s form refuses a link in %s with its message, and accepts initials and punctuation',
    (_, path, message, schema, build) => {
      for (const name of LINK_NAMES)
        expect(errorsOf(schema, build(name))[path], JSON.stringify(name)).toBe(message);
      for (const name of [...PUNCTUATED_NAMES, ...REAL_NAMES])
        expect(errorsOf(schema, build(name)), name).toEqual({});
    },
  );
});
