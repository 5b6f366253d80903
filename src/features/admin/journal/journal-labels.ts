import { CATEGORY_LABELS, PARTICIPATION_TYPE_LABELS } from '@/config/edition';
import { ATTENDANCE_STATUS_LABELS, HEARD_FROM_LABELS } from '@/config/reservation-survey';
import { SESSION_CATEGORY_LABELS, SESSION_STATE_LABELS } from '@/data/auditions/labels';
import { STATUS_LABELS } from '@/data/participants/status-labels';
import { CHANNEL_LABELS, STATE_LABELS as OUTBOX_STATE_LABELS } from '@/data/outbox/labels';
import { RESERVATION_STATE_LABELS } from '@/data/reservations/state-labels';
import { ELIGIBILITY_LABELS, ROUND_STATE_LABELS } from '@/data/vote/labels';
import { formatEventDateTime } from '@/lib/dates';
import { formatCount } from '@/lib/numbers';
import { formatPhone } from '@/lib/phone';

/**
 * The journal's "Avant / après" in organisers' words, in one place
 * (docs/decisions/045-admin-on-a-phone-and-readable-journal.md): the database records its own
 * column names and values (supabase/schemas/*.sql, private.audit), the page shows French field
 * names, Douala times, French values and the exports as the site names them.
 */

/** Every field the database's journal rows carry, as organisers name it. */
const FIELD_LABELS: Record<string, string> = {
  // A participant (admin_update_participant, the bin's snapshot), their pipeline.
  full_name: 'Nom',
  email: 'E-mail',
  phone: 'Téléphone',
  city: 'Ville',
  region: 'Région',
  category: 'Catégorie',
  participation_type: 'Type de participation',
  team_name: 'Nom de l’équipe',
  link_to_work: 'Lien vers une prestation',
  description: 'Description',
  team_members: 'Membres de l’équipe',
  status: 'Statut',
  ids: 'Participants concernés',
  participants: 'Participants concernés',
  audition_city: 'Ville d’audition',
  audition_at: 'Date d’audition',
  notes: 'Notes internes',
  channel: 'Canal',
  // The Night Party's settings (admin_update_settings).
  concert_starts_at: 'Date du concert',
  doors_open_at: 'Ouverture des portes',
  venue_name: 'Lieu',
  venue_address: 'Adresse',
  map_url: 'Plan',
  capacity: 'Capacité',
  overbooking_percent: 'Surbooking (%)',
  reservations_open_at: 'Ouverture des réservations',
  reservations_close_at: 'Clôture des réservations',
  contact_phone: 'Téléphone de contact',
  contact_email: 'E-mail de contact',
  registration_opens_at: 'Ouverture des inscriptions',
  registration_closes_at: 'Clôture des inscriptions',
  max_participants: 'Nombre maximum de participants',
  personal_data_purge_at: 'Purge des données personnelles',
  final_city: 'Ville de la finale',
  final_on: 'Date de la finale',
  // The messages' settings (admin_update_message_settings).
  site_url: 'Adresse du site',
  reminder_days_before: 'Rappel programmé (jours avant)',
  reminder_channel: 'Canal du rappel',
  sms_price_per_segment: 'Prix par SMS (FCFA)',
  daily_cap: 'Plafond quotidien',
  public_daily_cap: 'Budget public',
  recovery_daily_cap: 'Budget des pass perdus',
  recovery_per_phone_day: 'Pass perdus par numéro et par jour',
  recovery_per_phone_hour: 'Pass perdus par numéro et par heure',
  // Reservations, the door.
  state: 'État',
  door: 'Porte',
  by_hand: 'À la main',
  scan_id: 'Scan',
  scanned_at: 'Scanné le',
  checked_in_at: 'Entré le',
  first_door: 'Première entrée, porte',
  first_at: 'Première entrée, le',
  offline: 'Hors ligne',
  outcome: 'Résultat',
  refused: 'Refusé',
  search: 'Recherche',
  passes: 'Pass',
  reason: 'Motif',
  // Messages and the outbox.
  handled: 'Traité',
  queued: 'Mis en file',
  batch_id: 'Lot',
  scheduled: 'Programmé',
  // Exports.
  filters: 'Filtres',
  row_count: 'Lignes',
  // The auditions.
  held_on: 'Jour',
  venue: 'Lieu',
  judges: 'Jurés',
  lead: 'Juré principal',
  session_id: 'Session',
  card_id: 'Fiche de notes',
  revision: 'Version',
  absent: 'Absent',
  total: 'Total sur 10',
  name: 'Nom',
  forced: 'Forcé',
  missing: 'Notes manquantes',
  criteria: 'Critères',
  n: 'Nombre retenu',
  updated: 'Statuts changés',
  moved_back: 'Statuts rétablis',
  kept: 'Statuts plus avancés gardés',
  // The public vote.
  title: 'Titre',
  position: 'Ordre',
  duration_seconds: 'Durée (secondes)',
  eligibility: 'Qui peut voter',
  opened_at: 'Ouvert le',
  closes_at: 'Clôture prévue',
  closed_at: 'Clos le',
  revealed_at: 'Révélé le',
  created_at: 'Créé le',
  updated_at: 'Modifié le',
  on_screen: 'À l’écran',
  voters: 'Votants',
  winner: 'En tête (n°)',
  candidates: 'Candidats',
  number: 'Numéro',
  // The bin and the personal-data purge.
  count: 'Nombre',
  requested_at: 'Demandée le',
  requested_by_email: 'Demandée par',
  runs_at: 'Prévue le',
  deleted: 'Supprimés',
  // The export's filters, as the lists name them.
  participationType: 'Type de participation',
  auditionCity: 'Ville d’audition',
  heardFrom: 'Connu par',
  participant: 'Participant',
  round: 'Manche',
};

/** The field's French name; an unknown one (a future column) as its words, never snake_case. */
export const fieldLabel = (field: string) =>
  FIELD_LABELS[field] ?? field.replace(/[_.]/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** The door's phone search outcomes (private.lookup_outcome). */
const OUTCOME_LABELS: Record<string, string> = {
  validated: 'Entrée validée',
  already: 'Déjà entré',
  unknown: 'Aucune réservation',
  waitlisted: 'Liste d’attente',
  cancelled: 'Pass annulé',
  door_not_open: 'Refusée, contrôle pas encore ouvert',
  door_closed: 'Refusée, contrôle fermé',
  door_lookup_limited: 'Refusée, trop de recherches',
  found: 'Réservation trouvée',
};

/** A message's state, as the inbox's filter names it. */
const MESSAGE_STATE_LABELS: Record<string, string> = { unhandled: 'À traiter', handled: 'Traité' };

/** "state" means a reservation's, a round's, a session's or a message's: the row's entity says. */
const STATE_BY_ENTITY: Record<string, Record<string, string>> = {
  reservation: RESERVATION_STATE_LABELS,
  vote_round: ROUND_STATE_LABELS,
  audition_session: SESSION_STATE_LABELS,
  outbox: OUTBOX_STATE_LABELS,
  // The exports' filters (the export's name is the row's entity).
  reservations: RESERVATION_STATE_LABELS,
  'reservations.xlsx': RESERVATION_STATE_LABELS,
  messages: MESSAGE_STATE_LABELS,
};

/**
 * Fields whose values are one of a list: their French words ("status" is a participant's, or in
 * the reservations export's filters the visitor's answer: yes / no / maybe).
 */
const VALUES_BY_FIELD: Record<string, Record<string, string>> = {
  status: { ...STATUS_LABELS, ...ATTENDANCE_STATUS_LABELS },
  category: { ...CATEGORY_LABELS, ...SESSION_CATEGORY_LABELS },
  participation_type: PARTICIPATION_TYPE_LABELS,
  participationType: PARTICIPATION_TYPE_LABELS,
  channel: CHANNEL_LABELS,
  reminder_channel: CHANNEL_LABELS,
  outcome: OUTCOME_LABELS,
  eligibility: ELIGIBILITY_LABELS,
  heardFrom: HEARD_FROM_LABELS,
};

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PHONE_FIELDS = new Set(['phone', 'contact_phone']);

const number = (n: number) =>
  Number.isInteger(n) ? formatCount(n) : String(Math.round(n * 100) / 100).replace('.', ',');

/** An entity's words for `field`'s value, or undefined when the value is free text. */
function listWord(field: string, value: string, entity: string | null): string | undefined {
  if (field === 'state') return STATE_BY_ENTITY[entity ?? '']?.[value];
  return VALUES_BY_FIELD[field]?.[value];
}

function textValue(field: string, value: string, entity: string | null): string {
  const word = listWord(field, value, entity);
  if (word) return word;
  if (ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value)))
    return formatEventDateTime(value);
  const day = ISO_DAY.exec(value);
  if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  if (PHONE_FIELDS.has(field)) return formatPhone(value);
  return value;
}

/** A list of ids: how many, not the ids ("3 participants"). */
const idsValue = (n: number) => `${formatCount(n)} participant${n > 1 ? 's' : ''}`;

/**
 * A value of a journal's before / after as organisers read it: "—" for nothing, Oui / Non,
 * Douala times (19/12/2026 14:00), French words for statuses, states and channels, phones as
 * everywhere else (6 70 00 70 91), a list of ids as its count, an object as its labelled fields.
 */
export function journalValue(field: string, value: unknown, entity: string | null = null): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Oui' : 'Non';
  if (typeof value === 'number') return number(value);
  if (typeof value === 'string') return textValue(field, value, entity);
  if (Array.isArray(value)) {
    if (value.length === 0) return 'aucun';
    if (value.every((v) => typeof v === 'string' && UUID.test(v))) return idsValue(value.length);
    return value.map((v) => journalValue(field, v, entity)).join('\u00a0; ');
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return 'aucun';
    // A map of participants by id (their statuses before a change, their slots): one
    // participant's value, the value all shared, or how many.
    if (entries.every(([k]) => UUID.test(k))) {
      const values = new Set(entries.map(([, v]) => JSON.stringify(v)));
      if (values.size > 1) return idsValue(entries.length);
      const shared = journalValue(field, entries[0][1], entity);
      return entries.length === 1 ? shared : `${shared} (${idsValue(entries.length)})`;
    }
    return entries
      .map(([k, v]) => `${fieldLabel(k)}\u00a0: ${journalValue(k, v, entity)}`)
      .join(', ');
  }
  return String(value);
}
