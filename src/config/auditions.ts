import { EDITION } from './edition';

/**
 * Where each city's auditions take place: the address a convocation gives (WhatsApp, e-mail).
 * Content of the edition, like ./edition.ts: check these before sending the first convocation.
 */
const AUDITION_VENUES: Record<(typeof EDITION.auditionCities)[number], string> = {
  Douala: 'Institut français du Cameroun, boulevard de la Liberté, Bonanjo, Douala',
  Yaoundé: 'Institut français du Cameroun, avenue Ahmadou Ahidjo, Yaoundé',
  Bafoussam: 'Maison de la culture, centre-ville, Bafoussam',
  Garoua: 'Alliance française de Garoua, quartier Plateau, Garoua',
  Limbe: 'Limbe Wildlife Centre Hall, Down Beach, Limbe',
};

/** The venue of a city's auditions ('' for a city not listed). */
export const auditionVenue = (city: string): string =>
  (AUDITION_VENUES as Record<string, string>)[city] ?? '';
