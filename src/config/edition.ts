/**
 * The edition's lasting content: rules, prizes, the audition cities, the programme, contacts.
 * No date, time, year or venue of an edition lives here: those are the settings' (edition_info,
 * edited in the admin's settings page; docs/decisions/024-one-edition-one-source.md).
 */
export const EDITION = {
  name: 'Booster Challenge',
  registration: { free: true },
  minimumAge: 16,
  team: { min: 2, max: 10 },
  auditionMaxMinutes: 3,
  confirmationWithinHours: 72,
  prizes: [
    { rank: '1er prix', amount: '2 000 000 FCFA', extra: 'et un contrat' },
    { rank: '2e prix', amount: '1 000 000 FCFA', extra: '' },
    { rank: '3e prix', amount: '500 000 FCFA', extra: '' },
  ],
  auditionCities: ['Douala', 'Yaoundé', 'Bafoussam', 'Garoua', 'Limbe'],
  nightParty: {
    programme: [
      'Party avec concert',
      'Compétition de chant',
      'Clash de danse',
      'DJ contest',
      'Cinéma',
    ],
  },
  /**
   * Shown until the organisers' settings have answered (edition_settings.contact_phone and
   * contact_email, read through edition_info), and if they cannot: the same values as the
   * migration's and the seed's settings. One address for everything, support included. A
   * production build refuses placeholders here (placeholderContactProblems, vite.config.ts).
   */
  contact: {
    email: 'contact@booster-challenge.cm',
    /** 9 digits, as the settings store it (src/lib/phone.ts formats it and builds the links). */
    phone: '699123456',
    address: 'Douala, Cameroun',
    supportHours: ['Du lundi au vendredi : 8 h – 17 h', 'Samedi : 9 h – 13 h'],
  },
} as const;

/**
 * "Douala, Yaoundé, Bafoussam, Garoua et Limbe": a French list ends with « et » (docs/glossary.md).
 * Joined by hand: this module is in every page's first load, and building an Intl.ListFormat at
 * its top level cost a 90 ms task on a throttled phone CPU (Lighthouse's blocking time).
 */
export const AUDITION_CITIES_TEXT = EDITION.auditionCities
  .map((city, i, all) => (i === 0 ? city : `${i === all.length - 1 ? ' et ' : ', '}${city}`))
  .join('');

/** The 10 regions of Cameroon (the database accepts exactly these). */
export const REGIONS = [
  'Adamaoua',
  'Centre',
  'Est',
  'Extrême-Nord',
  'Littoral',
  'Nord',
  'Nord-Ouest',
  'Ouest',
  'Sud',
  'Sud-Ouest',
] as const;

export const CATEGORY_LABELS = { dance: 'Danse', singing: 'Chant' } as const;
export const PARTICIPATION_TYPE_LABELS = { solo: 'Solo', team: 'Équipe' } as const;

/**
 * What is wrong with contact details that a production build would publish: a phone that is not
 * 9 digits (an "X" placeholder such as 6XX XX XX XX) or an e-mail on a placeholder or reserved
 * domain (example.com, .test, .invalid, .local...). An empty list when they can be published.
 */
export function placeholderContactProblems(contact: { phone: string; email: string }): string[] {
  const problems: string[] = [];
  // Cameroonian numbers: 9 digits, mobiles from 6, landlines from 2.
  if (!/^[26][0-9]{8}$/.test(contact.phone))
    problems.push(`contact.phone "${contact.phone}" is not a 9-digit Cameroonian number`);
  const domain = contact.email.split('@')[1]?.toLowerCase() ?? '';
  const placeholderDomain =
    /^(.+\.)?example\.(com|net|org)$/.test(domain) ||
    /\.(example|test|invalid|localhost|local)$/.test(domain) ||
    /^(localhost|example)$/.test(domain);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(contact.email) || /x{3,}/i.test(contact.email))
    problems.push(`contact.email "${contact.email}" is not an address`);
  else if (placeholderDomain)
    problems.push(`contact.email "${contact.email}" is on a placeholder domain`);
  return problems;
}
