import { describe, expect, it } from 'vitest';
import { contactSchema } from '@/features/contact/contact-schema';
import { RESERVATION_DEFAULTS, reservationSchema } from '@/features/reservation/reservation-schema';

/** The message of each failing field. */
function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[String(issue.path[0])] ??= issue.message;
  return out;
}

const validContact = {
  name: 'Awa Ndongo',
  email: 'awa@example.cm',
  subject: 'Auditions',
  message: 'Où ont lieu les auditions ?',
};

describe('contact schema (SPEC §5)', () => {
  it('accepts a valid message and trims it', () => {
    const r = contactSchema.safeParse({ ...validContact, name: '  Awa  ' });
    expect(r.success).toBe(true);
    expect(r.data?.name).toBe('Awa');
  });

  it('gives the French message of every rule', () => {
    expect(
      messages(contactSchema.safeParse({ name: '   ', email: '', subject: ' ', message: '' })),
    ).toEqual({
      name: 'Le nom est obligatoire',
      email: "L'email est obligatoire",
      subject: 'Le sujet est obligatoire',
      message: 'Le message est obligatoire',
    });
    expect(messages(contactSchema.safeParse({ ...validContact, email: 'awa@example' }))).toEqual({
      email: 'Adresse email invalide',
    });
    expect(messages(contactSchema.safeParse({ ...validContact, message: '  court   ' }))).toEqual({
      message: 'Le message doit contenir au moins 10 caractères',
    });
  });
});

const validReservation = {
  ...RESERVATION_DEFAULTS,
  fullName: 'Jean Mbarga',
  phone: '699112233',
  ville: 'Yaoundé',
  heardFrom: 'social',
};

describe('reservation schema (SPEC §4, §5)', () => {
  it('has the defaults of SPEC §4, heardFrom has none', () => {
    expect(RESERVATION_DEFAULTS).toMatchObject({
      attendanceStatus: 'yes',
      willAttend: 'yes',
      attendanceBarrier: 'none',
      followsBoosterPage: 'yes',
      consumesBoosterProducts: 'yes',
      heardFrom: '',
    });
    expect(reservationSchema.safeParse(validReservation).success).toBe(true);
  });

  it('gives the French message of every rule', () => {
    expect(messages(reservationSchema.safeParse({ ...RESERVATION_DEFAULTS }))).toEqual({
      fullName: 'Le nom est obligatoire',
      phone: 'Le numéro de téléphone est obligatoire',
      ville: 'La ville est obligatoire',
      heardFrom: 'Veuillez sélectionner une option',
    });
    expect(
      messages(reservationSchema.safeParse({ ...validReservation, fullName: ' Jo ' })),
    ).toEqual({
      fullName: 'Le nom doit contenir au moins 3 caractères',
    });
    for (const phone of ['69911223', '6991122334', '699 112 23', '69911223a']) {
      expect(messages(reservationSchema.safeParse({ ...validReservation, phone }))).toEqual({
        phone: "Numéro de téléphone invalide (9 chiffres requis, Pas d'espace)",
      });
    }
    expect(
      messages(
        reservationSchema.safeParse({
          ...validReservation,
          attendanceStatus: null,
          willAttend: null,
          attendanceBarrier: null,
          followsBoosterPage: undefined,
          consumesBoosterProducts: 'peut-être',
        }),
      ),
    ).toEqual({
      attendanceStatus: 'Veuillez confirmer votre présence',
      willAttend: 'Veuillez sélectionner une option',
      attendanceBarrier: 'Veuillez sélectionner une option',
      followsBoosterPage: 'Veuillez sélectionner une option',
      consumesBoosterProducts: 'Veuillez sélectionner une option',
    });
  });
});

describe('blank means nothing visible (tabs, no-break, zero-width spaces, newlines)', () => {
  const blanks = ['\t\t', '\u00a0\u00a0', '\u200b\u200c\ufeff', '\n\r\n'];
  it.each(blanks.map((b) => [JSON.stringify(b), b]))(
    'refuses %s with the “obligatoire” messages',
    (_, blank) => {
      expect(
        messages(
          contactSchema.safeParse({ name: blank, email: 'a@b.cm', subject: blank, message: blank }),
        ),
      ).toEqual({
        name: 'Le nom est obligatoire',
        subject: 'Le sujet est obligatoire',
        message: 'Le message est obligatoire',
      });
      const reservation = messages(
        reservationSchema.safeParse({ ...validReservation, fullName: blank, ville: blank }),
      );
      expect(reservation).toMatchObject({
        fullName: 'Le nom est obligatoire',
        ville: 'La ville est obligatoire',
      });
    },
  );
});
