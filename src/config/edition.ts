/**
 * Everything that changes from one edition to the next: dates, places, prizes, contacts.
 * The next edition edits this file only.
 */
export const EDITION = {
  name: 'Booster Challenge',
  year: 2025,
  registration: { opens: '15 juin 2025', closes: '30 juillet 2025', free: true },
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
  final: { city: 'Douala', when: 'septembre 2025' },
  nightParty: {
    name: 'Booster Night Party 2025',
    date: 'Samedi 26 avril 2025',
    time: '16h00',
    isoStart: '2025-04-26T16:00:00+01:00',
    venue: 'Palais des Sports de Yaoundé',
    city: 'Yaoundé',
    programme: [
      'Party avec concert',
      'Compétition de chant',
      'Clash de danse',
      'DJ contest',
      'Cinéma',
    ],
  },
  contact: {
    email: 'contact@booster-challenge.cm',
    supportEmail: 'support@booster-challenge.cm',
    phone: '+237 6XX XX XX XX',
    address: 'Douala, Cameroun',
    supportHours: ['Lundi - Vendredi : 8h - 17h', 'Samedi : 9h - 13h'],
  },
} as const;

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
