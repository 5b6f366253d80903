/**
 * Links without a scheme get https:// in every form that takes one (registration, admin edit,
 * settings); a link with its scheme is kept as written.
 */
import { describe, expect, it } from 'vitest';
import { withScheme } from '@/lib/validation';
import { PARTICIPANT_LIMITS } from '@/lib/participant-rules';
import {
  MESSAGES,
  registrationSchema,
  toNewRegistration,
} from '@/features/registration/registration-schema';
import { participantEditSchema } from '@/features/admin/participants/participant-edit-schema';
import { solo, edit, errorsOf } from './support/input-normalisation';

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
