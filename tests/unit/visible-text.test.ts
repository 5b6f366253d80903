import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cleanLine, email, hasLetterOrDigit, isValidEmail } from '@/lib/validation';
import { contactSchema } from '@/features/contact/contact-schema';
import { reservationSchema, RESERVATION_DEFAULTS } from '@/features/reservation/reservation-schema';
import {
  registrationSchema,
  EMPTY_REGISTRATION,
} from '@/features/registration/registration-schema';
import { participantEditSchema } from '@/features/admin/participants/participant-edit-schema';
import {
  defaultIgnorables,
  fillerNames,
  FILLERS,
  GOOD_EMAILS,
  HOSTILE_EMAILS,
  REAL_NAMES,
} from '../setup/text-cases';

/**
 * The forms' side of docs/decisions/019-visible-text-and-safe-links.md: names need a letter or
 * digit that shows, with the database's French messages, and the e-mail rule is the database's
 * (tests/integration/visible-names.test.ts and visible-emails-and-admin-edit.test.ts run the
 * same lists through the SQL).
 */

type Parse = (values: unknown) => {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
};

/** The first message of each path ('teamMembers.0.fullName'), as the forms show it. */
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
const reservation = {
  ...RESERVATION_DEFAULTS,
  fullName: 'Marie Nana',
  phone: '690000003',
  ville: 'Yaoundé',
  heardFrom: 'social',
};
const contact = {
  name: 'Paul Biya',
  email: 'paul@example.cm',
  subject: 'Question',
  message: 'Bonjour, une question.',
};

/** Each name field of each form: [form, schema, values with the name, path, message]. */
const member = (v: string) => ({
  ...registration,
  teamMembers: [{ fullName: v, phone: '690000002', email: '' }],
});
const NAME_FIELDS: [string, string, string, { safeParse: Parse }, (v: string) => unknown][] = [
  [
    'registration',
    'fullName',
    'Le nom complet est obligatoire',
    registrationSchema,
    (v) => ({ ...registration, fullName: v }),
  ],
  [
    'registration',
    'city',
    'La ville est obligatoire',
    registrationSchema,
    (v) => ({ ...registration, city: v }),
  ],
  [
    'registration',
    'teamName',
    'Le nom de l’équipe est obligatoire',
    registrationSchema,
    (v) => ({ ...registration, teamName: v }),
  ],
  [
    'registration',
    'teamMembers.0.fullName',
    'Le nom du membre est obligatoire',
    registrationSchema,
    member,
  ],
  [
    'admin edit',
    'fullName',
    'Le nom est obligatoire',
    participantEditSchema,
    (v) => ({ ...edit, fullName: v }),
  ],
  [
    'admin edit',
    'city',
    'La ville est obligatoire',
    participantEditSchema,
    (v) => ({ ...edit, city: v }),
  ],
  [
    'admin edit',
    'teamName',
    'Le nom de l’équipe est obligatoire',
    participantEditSchema,
    (v) => ({ ...edit, teamName: v }),
  ],
  [
    'admin edit',
    'teamMembers.0.fullName',
    'Le nom du membre est obligatoire',
    participantEditSchema,
    (v) => ({ ...edit, teamMembers: [{ fullName: v, phone: '690000002', email: '' }] }),
  ],
  [
    'reservation',
    'fullName',
    'Le nom est obligatoire',
    reservationSchema,
    (v) => ({ ...reservation, fullName: v }),
  ],
  [
    'reservation',
    'ville',
    'La ville est obligatoire',
    reservationSchema,
    (v) => ({ ...reservation, ville: v }),
  ],
  ['contact', 'name', 'Le nom est obligatoire', contactSchema, (v) => ({ ...contact, name: v })],
  [
    'contact',
    'subject',
    'Le sujet est obligatoire',
    contactSchema,
    (v) => ({ ...contact, subject: v }),
  ],
];

describe('names need a letter or digit that shows', () => {
  it.each(NAME_FIELDS)('the %s form refuses fillers as %s', (_, path, message, schema, build) => {
    for (const [label, filler] of Object.entries(FILLERS))
      for (const value of fillerNames(filler))
        expect(errorsOf(schema, build(value)), `${label} ${JSON.stringify(value)}`).toEqual({
          [path]: message,
        });
    for (const value of [defaultIgnorables().join(' '), '...', '- -', '😀😀😀'])
      expect(errorsOf(schema, build(value))[path], JSON.stringify(value).slice(0, 30)).toBe(
        message,
      );
  });

  it.each(NAME_FIELDS)('the %s form accepts real names as %s', (_, __, ___, schema, build) => {
    for (const name of REAL_NAMES) expect(errorsOf(schema, build(name)), name).toEqual({});
  });

  it('sends names as the database stores them: invisible characters gone, emoji whole', () => {
    const r = registrationSchema.safeParse({
      ...registration,
      fullName: '\u2066Awa\u200b  \u3164Ngono\u2069',
      city: 'Dou\u00adala\u2800',
    });
    expect(r.data).toMatchObject({ fullName: 'Awa Ngono', city: 'Douala' });
    expect(contactSchema.safeParse({ ...contact, name: 'Zoé ❤️‍🔥\u200d' }).data?.name).toBe('Zoé ❤️‍🔥');
    expect(cleanLine('Famille 👨‍👩‍👧 \u200dJean')).toBe('Famille 👨‍👩‍👧 Jean');
  });

  it('knows every default-ignorable code point shows nothing', () => {
    for (const c of defaultIgnorables()) {
      expect(cleanLine(`${c}${c}`), c.codePointAt(0)?.toString(16)).toBe('');
      expect(hasLetterOrDigit(c), c.codePointAt(0)?.toString(16)).toBe(false);
    }
  });
});

describe('the database’s list of letters and digits', () => {
  it('is Unicode’s L and N minus the default-ignorable code points (the JavaScript tables)', () => {
    const sql = readFileSync(
      new URL(
        '../../supabase/migrations/20251126130000_visible_names_and_emails.sql',
        import.meta.url,
      ),
      'utf8',
    );
    const body = sql.slice(sql.indexOf('create function private.has_letter_or_digit'));
    const listed = [...body.slice(0, body.indexOf(', false)')).matchAll(/^\s*'([^']*)'$/gm)]
      .map((m) => m[1])
      .join('');
    expect(listed.startsWith('[') && listed.endsWith(']')).toBe(true);
    const cp = (escape: string) => Number.parseInt(escape.slice(2), 16);
    const ranges = [
      ...listed
        .slice(1, -1)
        .matchAll(/(\\u[0-9a-f]{4}|\\U[0-9a-f]{8})(?:-(\\u[0-9a-f]{4}|\\U[0-9a-f]{8}))?/g),
    ].map((m) => [cp(m[1]), cp(m[2] ?? m[1])]);
    const expected: number[][] = [];
    for (let c = 0; c <= 0x10ffff; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      if (!hasLetterOrDigit(String.fromCodePoint(c))) continue;
      const last = expected.at(-1);
      if (last && last[1] === c - 1) last[1] = c;
      else expected.push([c, c]);
    }
    // Written as [a, b] pairs or single escapes side by side: merge neighbours before comparing.
    const merged: number[][] = [];
    for (const [lo, hi] of ranges) {
      const last = merged.at(-1);
      if (last && last[1] === lo - 1) last[1] = hi;
      else merged.push([lo, hi]);
    }
    expect(merged).toEqual(expected);
  });
});

describe('one e-mail rule', () => {
  const rule = email('obligatoire', 'invalide');
  it.each(GOOD_EMAILS)('accepts %j as the database does', (address) => {
    expect(isValidEmail(address)).toBe(true);
    expect(rule.safeParse(address).success).toBe(true);
  });
  it.each(HOSTILE_EMAILS)('refuses %j as the database does', (address) => {
    expect(isValidEmail(address)).toBe(false);
    expect(rule.safeParse(address).success).toBe(false);
  });
  it('gives the forms’ messages for a hostile address', () => {
    const hostile = 'victime@example.cm?bcc=espion%40example.org&body=x';
    expect(errorsOf(registrationSchema, { ...registration, email: hostile })).toEqual({
      email: 'Adresse email invalide',
    });
    expect(
      errorsOf(registrationSchema, {
        ...registration,
        teamMembers: [{ fullName: 'Jean Fotso', phone: '690000002', email: hostile }],
      }),
    ).toEqual({ 'teamMembers.0.email': 'Adresse email invalide' });
    expect(errorsOf(participantEditSchema, { ...edit, email: hostile })).toEqual({
      email: 'Adresse email invalide',
    });
    expect(errorsOf(contactSchema, { ...contact, email: hostile })).toEqual({
      email: 'Adresse email invalide',
    });
  });
});
