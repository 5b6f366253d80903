import { describe, expect, it } from 'vitest';
import { EDITION, placeholderContactProblems } from '@/config/edition';

/**
 * A production build refuses placeholder contact details (vite.config.ts calls this check on
 * src/config/edition.ts's fallback contacts, shown until the settings answer).
 */
const valid = { phone: '699123456', email: 'contact@booster-challenge.cm' };

describe('placeholder contact details', () => {
  it('accepts the configured contacts (the settings’ own values)', () => {
    expect(placeholderContactProblems(EDITION.contact)).toEqual([]);
    expect(placeholderContactProblems(valid)).toEqual([]);
    expect(placeholderContactProblems({ ...valid, phone: '222334455' })).toEqual([]);
  });

  it.each([
    '+237 6XX XX XX XX',
    '6XXXXXXXX',
    '6XX XX XX XX',
    '69912345', // 8 digits
    '6991234567', // 10 digits
    '+237699123456', // not the stored form: 9 digits
    '999123456', // neither mobile (6) nor landline (2)
    '',
  ])('refuses the phone %j', (phone) => {
    expect(placeholderContactProblems({ ...valid, phone })).toEqual([
      expect.stringContaining(`contact.phone "${phone}"`),
    ]);
  });

  it.each([
    'contact@example.com',
    'contact@mail.example.org',
    'contact@booster.test',
    'contact@booster.invalid',
    'contact@booster.local',
    'xxx@booster-challenge.cm',
    'contact@XXXX.cm',
    'contact',
    'contact@booster',
    '',
  ])('refuses the e-mail %j', (email) => {
    expect(placeholderContactProblems({ ...valid, email })).toEqual([
      expect.stringContaining(`contact.email "${email}"`),
    ]);
  });

  it('names every problem at once', () => {
    expect(
      placeholderContactProblems({ phone: '+237 6XX XX XX XX', email: 'a@example.com' }),
    ).toHaveLength(2);
  });
});
