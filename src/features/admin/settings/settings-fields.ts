import type { SettingKey } from '@/data/edition/settings';

/**
 * The settings' fields, section by section, and the place limit they give: shared by the form
 * (SettingsForm) and the reader's read-only view (SettingsView).
 */
export type Input = {
  key: SettingKey;
  label: string;
  type?: 'datetime-local' | 'date' | 'url' | 'email' | 'tel';
  numeric?: boolean;
  hint?: string;
  optional?: boolean;
};

const IN_DOUALA = 'Heure de Douala (UTC+1).';

/** The form's sections and fields, in order (the reader's view shows the same: SettingsView). */
export const SECTIONS: { title: string; fields: Input[] }[] = [
  {
    title: 'Night Party',
    fields: [
      {
        key: 'concertStartsAt',
        label: 'Début du concert',
        type: 'datetime-local',
        hint: IN_DOUALA,
      },
      {
        key: 'doorsOpenAt',
        label: 'Ouverture des portes',
        type: 'datetime-local',
        hint: IN_DOUALA,
      },
      { key: 'venueName', label: 'Lieu' },
      { key: 'venueAddress', label: 'Adresse du lieu' },
      {
        key: 'mapUrl',
        label: 'Lien du plan',
        type: 'url',
        hint: 'Adresse https:// d’une carte (OpenStreetMap, Google Maps…).',
      },
    ],
  },
  {
    title: 'Places et réservations',
    fields: [
      { key: 'capacity', label: 'Capacité (places)', numeric: true },
      {
        key: 'overbookingPercent',
        label: 'Surbooking (%)',
        numeric: true,
        hint: 'Places confirmées au-delà de la capacité (de 0 à 50 %), pour compenser les absents. Au-delà, les réservations vont en liste d’attente.',
      },
      {
        key: 'reservationsOpenAt',
        label: 'Ouverture des réservations',
        type: 'datetime-local',
        hint: IN_DOUALA,
      },
      {
        key: 'reservationsCloseAt',
        label: 'Clôture des réservations',
        type: 'datetime-local',
        optional: true,
        hint: `${IN_DOUALA} Laissez vide : les réservations ferment au début du concert.`,
      },
    ],
  },
  {
    title: 'Contact',
    fields: [
      {
        key: 'contactPhone',
        label: 'Téléphone de contact',
        type: 'tel',
        hint: '9 chiffres, par exemple 699 12 34 56.',
      },
      { key: 'contactEmail', label: 'E-mail de contact', type: 'email' },
    ],
  },
  {
    title: 'Concours : inscriptions',
    fields: [
      {
        key: 'registrationOpensAt',
        label: 'Ouverture des inscriptions',
        type: 'datetime-local',
        hint: IN_DOUALA,
      },
      {
        key: 'registrationClosesAt',
        label: 'Clôture des inscriptions',
        type: 'datetime-local',
        hint: IN_DOUALA,
      },
      { key: 'maxParticipants', label: 'Nombre maximum de participants', numeric: true },
    ],
  },
  {
    // The edition's year shown on every page is the final's (docs/decisions/024-one-edition-one-source.md).
    title: 'Concours : finale',
    fields: [
      { key: 'finalCity', label: 'Ville de la finale' },
      {
        key: 'finalOn',
        label: 'Date de la finale',
        type: 'date',
        hint: 'Son année est celle de l’édition, affichée sur tout le site.',
      },
    ],
  },
  {
    title: 'Données personnelles',
    fields: [
      {
        key: 'personalDataPurgeAt',
        label: 'Purge des données personnelles à partir du',
        type: 'date',
        optional: true,
        hint: 'Au moins 30 jours après le concert et la clôture des inscriptions. La purge se programme ci-dessous : elle s’exécute au plus tôt 7 jours après la demande, et pas avant ce jour (heure de Douala). Laissez vide : pas de purge.',
      },
    ],
  },
];

/** Places that may be confirmed: capacity plus overbooking, rounded down (private.place_limit). */
export const placeLimit = (capacity: number, overbookingPercent: number) =>
  Math.floor((capacity * (100 + overbookingPercent)) / 100);
