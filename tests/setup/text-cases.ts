/**
 * Names that show nothing and e-mail addresses that would break a mailto: link, shared by the
 * unit tests of the forms' rules and the integration tests of the database's
 * (docs/decisions/019-visible-text-and-safe-links.md): both must give the same verdict.
 */

/** Characters that pass for a name and show nothing: one of each class of the security review. */
export const FILLERS: Record<string, string> = {
  'U+3164 HANGUL FILLER': '\u3164',
  'U+2800 BRAILLE PATTERN BLANK': '\u2800',
  'U+2066 LEFT-TO-RIGHT ISOLATE': '\u2066',
  'U+2067 RIGHT-TO-LEFT ISOLATE': '\u2067',
  'U+2068 FIRST STRONG ISOLATE': '\u2068',
  'U+2069 POP DIRECTIONAL ISOLATE': '\u2069',
  'U+115F HANGUL CHOSEONG FILLER': '\u115f',
  'U+1160 HANGUL JUNGSEONG FILLER': '\u1160',
  'U+034F COMBINING GRAPHEME JOINER': '\u034f',
  'U+061C ARABIC LETTER MARK': '\u061c',
  'U+FE0F VARIATION SELECTOR-16': '\ufe0f',
  'U+FFA0 HALFWIDTH HANGUL FILLER': '\uffa0',
  'U+E0020 TAG SPACE': '\u{e0020}',
  'U+17B5 KHMER VOWEL INHERENT AA': '\u17b5',
  'U+200D ZERO WIDTH JOINER': '\u200d',
  'U+202E RIGHT-TO-LEFT OVERRIDE': '\u202e',
};

/** Each filler alone, repeated, and mixed with spaces of several kinds. */
export function fillerNames(filler: string): string[] {
  return [filler, filler.repeat(5), ` ${filler}\u00a0${filler}\t${filler} `];
}

/** Every code point of Unicode's Default_Ignorable_Code_Point, from the JavaScript engine's tables. */
export function defaultIgnorables(): string[] {
  const all: string[] = [];
  for (let cp = 0; cp <= 0x10ffff; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    const c = String.fromCodePoint(cp);
    if (/\p{Default_Ignorable_Code_Point}/u.test(c)) all.push(c);
  }
  return all;
}

/** Real names that must still be accepted (and stored as written). */
export const REAL_NAMES = [
  'Zoé Ndongo-Éboa',
  'Jean-Baptiste N’Diaye',
  'محمد علي',
  '李小龙',
  'Ngọc Ánh',
  '2Pac',
  'Awa 💃',
  'Awa ❤️',
  'Famille 👨‍👩‍👧',
  'राम शर्मा',
];

/** Addresses both rules accept. */
export const GOOD_EMAILS = [
  'awa@example.cm',
  'Awa.Ndongo@Example.CM',
  'jean+concours@mail.example.com',
  "o'neil@example.org",
  'x_y-z@sub-domain.example.co.uk',
  'a!#$*/=^`{|}~@example.cm',
  '1@2.cm',
];

/** Addresses both rules refuse: mailto: syntax, spaces, quotes, bad domains. */
export const HOSTILE_EMAILS = [
  'victime@example.cm?bcc=espion%40example.org&body=Bonjour',
  'victime@example.cm?cc=espion@example.org',
  'victime@example.cm&body=x',
  'vic%74ime@example.cm',
  'victime@example.cm#x',
  'vic?time@example.cm',
  'vic&time@example.cm',
  'vic time@example.cm',
  'victime@exa mple.cm',
  'victime@example.cm\r\nBcc: espion@example.org',
  'victime@example.cm\nbcc',
  '"victime"@example.cm',
  'victime@example.cm,espion@example.org',
  'victime@example.cm;espion@example.org',
  '<victime@example.cm>',
  'victime@[127.0.0.1]',
  'victime@localhost',
  'victime@-example.cm',
  'victime@example-.cm',
  'victime@example..cm',
  '@example.cm',
  'victime@',
  'victime@@example.cm',
  'zoé@example.cm',
  'victime@exämple.cm',
  'victime@example.cm\u202e',
  'victime\u200b@example.cm',
  `${'a'.repeat(250)}@x.cm`,
  `victime@${'a'.repeat(64)}.cm`,
];

/**
 * Names that read as links or addresses: both rules refuse them for a person's or a team's name
 * (docs/decisions/038-no-visitor-links-and-outbox-only.md). The first is issue 38's.
 */
export const LINK_NAMES = [
  'https://paiement-booster.example/payer Dupont',
  'http://evil.com',
  'HTTPS://EVIL.COM Awa',
  'ftp://x.cm',
  'mailto:victime',
  'javascript:alert(1)',
  'tel:+237690000000',
  'whatsapp:payer',
  'www.booster',
  'WWW.Booster',
  'Awa evil.com',
  'paiement-booster.example',
  'x.cm',
  'Awa x.CM',
  'Dr.Awa',
  'awa@example',
  'Awa @ Douala',
  'Awa/Ndongo',
  'Awa\\Ndongo',
  '192.168.0.1',
  // Fullwidth letters and dot, a one dot leader, an ideographic full stop, a zero-width space.
  'ｅｖｉｌ．ｃｏｍ',
  'evil\u2024com',
  'evil\u3002com',
  'evil\u200b.com',
  'Awa\uff20example',
  'Awa\uff0fNdongo',
];

/** Names with dots, dashes, apostrophes and other punctuation that are no link: both accept. */
export const PUNCTUATED_NAMES = [
  'J. Dupont',
  'J.-P. Mbarga',
  'Dr. Awa Ndongo',
  'St. Louis Crew',
  'M.I.A Crew',
  'Jean-Baptiste N’Diaye',
  "Marie-Claire O'Neil",
  'Awa & Co',
  'Awa (Ndongo)',
  'Awa, Ndongo',
  'Les Lions n° 2',
  'Team 2.0',
  'Awa… Ndongo',
  'Ép. Ndongo',
  'Zoé Ndongo-Éboa',
];
