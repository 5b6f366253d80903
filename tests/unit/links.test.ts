import { describe, expect, it } from 'vitest';
import { mailtoUrl, telUrl, whatsappShareUrl, whatsappUrl } from '@/lib/links';
import {
  convocationMailto,
  convocationWhatsappUrl,
} from '@/features/admin/participants/convocation';
import { replyMailto, replyWhatsapp } from '@/features/admin/inbox/reply-links';
import { HOSTILE_EMAILS } from '../setup/text-cases';

/**
 * Every link to another application encodes each part it is built from
 * (docs/decisions/019-visible-text-and-safe-links.md): whatever the database holds, a mailto:
 * link has one recipient and only the headers the page chose, a wa.me or tel: link one number.
 */

/** Texts that would be syntax if they were not encoded. */
const HOSTILE_TEXTS = [
  'Bonjour&bcc=espion@example.org',
  'Sujet?body=remplacé',
  '100 % sûr #1',
  'Ligne 1\r\nBcc: espion@example.org\nLigne 3',
  '"guillemets" \'apostrophes\' <balises>',
  'Nom \u202eeicnuP\u202c et \u2066isolé\u2069',
  'a+b=c; d,e / f',
];

/** A mailto: link as a mail app reads it: recipients, then each header. */
function readMailto(href: string) {
  const url = new URL(href);
  expect(url.protocol).toBe('mailto:');
  // Anything the builder left unencoded would show here: a raw space, CR, LF, quote, '<', RTL.
  expect(href).not.toMatch(/[\s"<>\u0080-\u{10ffff}]/u);
  const recipients = url.pathname.split(',').map(decodeURIComponent);
  const headers = [...url.searchParams.keys()];
  return { recipients, headers, params: url.searchParams };
}

describe('mailto: links', () => {
  it.each(HOSTILE_EMAILS)('a stored address %j opens exactly one recipient, no header', (to) => {
    const { recipients, headers } = readMailto(mailtoUrl(to));
    expect(recipients).toEqual([to.trim()]);
    expect(headers).toEqual([]);
  });

  it('the address of the security review cannot add a Bcc or replace the body', () => {
    const to = 'victime@example.cm?bcc=espion%40example.org&body=Cliquez';
    const href = mailtoUrl(to, { subject: 'Re: inscription', body: 'Bonjour' });
    const { recipients, headers, params } = readMailto(href);
    expect(recipients).toEqual([to]);
    expect(headers).toEqual(['subject', 'body']);
    expect(params.get('body')).toBe('Bonjour');
    expect(href).not.toMatch(/[?&]bcc=/i);
  });

  it.each(HOSTILE_TEXTS)('keeps the subject and body %j as data', (text) => {
    const { recipients, headers, params } = readMailto(
      mailtoUrl('awa@example.cm', { subject: text, body: text }),
    );
    expect(recipients).toEqual(['awa@example.cm']);
    expect(headers).toEqual(['subject', 'body']);
    // The subject is one line (a header); the body keeps its lines, as CRLF (RFC 6068).
    expect(params.get('subject')).toBe(text.replace(/[\r\n]+/g, ' '));
    expect(params.get('body')).toBe(text.replace(/\r\n|\r|\n/g, '\r\n'));
  });

  it('keeps a plain address readable', () => {
    expect(mailtoUrl('awa@example.cm')).toBe('mailto:awa@example.cm');
    expect(mailtoUrl("o'neil+tag@example.cm")).toBe("mailto:o'neil%2Btag@example.cm");
  });

  it('the inbox’s reply and the convocation use it', () => {
    const to = 'victime@example.cm?bcc=espion%40example.org&body=x';
    const reply = readMailto(
      replyMailto({ email: to, subject: 'Question&cc=x@y.cm', name: 'Awa\r\nBcc: x@y.cm' }),
    );
    expect(reply.recipients).toEqual([to]);
    expect(reply.headers).toEqual(['subject', 'body']);
    expect(reply.params.get('subject')).toBe('Re: Question&cc=x@y.cm');
    const convocation = readMailto(
      convocationMailto({
        fullName: 'Awa & Co?',
        participationType: 'solo',
        teamName: '',
        phone: '677123456',
        email: to,
        auditionCity: 'Douala',
        auditionAt: '2025-08-10T09:00:00+01:00',
      }) ?? '',
    );
    expect(convocation.recipients).toEqual([to]);
    expect(convocation.headers).toEqual(['subject', 'body']);
    expect(convocation.params.get('body')).toContain('Bonjour Awa & Co?');
  });
});

describe('tel: and wa.me links', () => {
  const HOSTILE_PHONES = [
    '+237 6 77 12 34 56',
    '67712345a',
    '6771234567',
    '677 12 34 56',
    '677123456?text=x',
    '677123456&x',
    '\u202e677123456',
    '677123456\n',
    '+23767712345b',
  ];

  it.each(HOSTILE_PHONES)('makes no link from %j (9 digits only)', (phone) => {
    expect(telUrl(phone)).toBeNull();
    expect(whatsappUrl(phone, 'Bonjour')).toBeNull();
  });

  it('links 9 digits in international form', () => {
    expect(telUrl('677123456')).toBe('tel:+237677123456');
    expect(whatsappUrl('677123456')).toBe('https://wa.me/237677123456');
  });

  it.each(HOSTILE_TEXTS)('keeps the message %j as data', (text) => {
    for (const href of [
      whatsappUrl('677123456', text) ?? '',
      whatsappShareUrl(text, 'https://x.cm/p?a=1&b=2'),
    ]) {
      const url = new URL(href);
      expect(url.host).toBe('wa.me');
      expect([...url.searchParams.keys()]).toEqual(['text']);
      expect(href).not.toMatch(/[\s"<>\u0080-\u{10ffff}]/u);
    }
    expect(new URL(whatsappUrl('677123456', text) ?? '').searchParams.get('text')).toBe(text);
    expect(new URL(whatsappShareUrl(text, 'https://x.cm/p?a=1&b=2')).searchParams.get('text')).toBe(
      `${text} https://x.cm/p?a=1&b=2`,
    );
  });

  it('the inbox’s WhatsApp reply and the convocation encode the names and subjects', () => {
    const reply = replyWhatsapp({
      message: 'Appelez-moi au 677 12 34 56',
      subject: 'Prix & lots?',
      name: 'Awa\u202e#&',
    });
    expect(reply?.phone).toBe('677123456');
    const url = new URL(reply?.url ?? '');
    expect([...url.searchParams.keys()]).toEqual(['text']);
    expect(url.searchParams.get('text')).toContain('Bonjour Awa\u202e#&');
    const convocation = convocationWhatsappUrl({
      fullName: 'Awa&text=x',
      participationType: 'team',
      teamName: 'Lions#1?',
      phone: '677123456',
      auditionCity: 'Douala',
      auditionAt: '2025-08-10T09:00:00+01:00',
    });
    const parsed = new URL(convocation ?? '');
    expect([...parsed.searchParams.keys()]).toEqual(['text']);
    expect(parsed.searchParams.get('text')).toContain('Bonjour Awa&text=x (équipe Lions#1?)');
  });
});
