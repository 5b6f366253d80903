/**
 * Shared by the input-normalisation tests (tests/unit/input-normalisation.test.ts,
 * link-normalisation.test.ts): phones as people write them, and a valid value of each form.
 */
import { RESERVATION_DEFAULTS, reservationSchema } from '@/features/reservation/reservation-schema';
import {
  EMPTY_REGISTRATION,
  type RegistrationFormValues,
} from '@/features/registration/registration-schema';

/** Phones as people write them: each is 677 12 34 56. */
export const ACCEPTED = [
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
export const REFUSED = [
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

export const EXPECTED = '677123456';

export const reservation = (phone: string) =>
  reservationSchema.safeParse({
    ...RESERVATION_DEFAULTS,
    fullName: 'Jean Mbarga',
    phone,
    ville: 'Yaoundé',
    heardFrom: 'social',
  });

export const solo: RegistrationFormValues = {
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

export const team = (memberPhone: string): RegistrationFormValues => ({
  ...solo,
  participationType: 'team',
  teamName: 'Les Lions',
  teamMembers: [{ fullName: 'Jean Fotso', phone: memberPhone, email: '' }],
});

export const edit = {
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
export function errorsOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? [])
    (out[issue.path.map(String).join('.')] ??= []).push(issue.message);
  return out;
}
