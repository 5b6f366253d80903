/**
 * Each route's path (`import * as paths from '@/config/route-paths'`, then `paths.nightParty`):
 * the part of the route manifest (./route-manifest.ts) the browser carries. One constant per
 * route, so the bundler writes each path where it is used, as if written there, and the first
 * loads carry no table (docs/decisions/004-first-load-budget-declarative-router.md). Nowhere else
 * in src/ is a route's path written (eslint/route-paths.js).
 */
export const home = '/';
export const registration = '/inscription';
export const faq = '/faq';
export const contact = '/contact';
export const registrationSuccess = '/success';
export const nightParty = '/night-party';
export const reservationSuccess = '/reservation-success';
export const rules = '/reglement';
export const results = '/resultats';
export const pass = '/pass/:code';
export const vote = '/vote';
export const stageScreen = '/ecran';
export const adminLogin = '/admin/login';
export const door = '/porte';
export const jury = '/jury';
export const admin = '/admin';
export const adminParticipants = '/admin/participants';
export const adminParticipant = '/admin/participants/:id';
export const adminStats = '/admin/stats';
export const adminReservations = '/admin/reservations';
export const adminAttendance = '/admin/presence';
export const adminSettings = '/admin/parametres';
export const adminMessages = '/admin/messages';
export const adminOutbox = '/admin/envois';
export const adminJournal = '/admin/journal';
export const adminBin = '/admin/corbeille';
export const adminVote = '/admin/vote';
export const adminRegie = '/admin/regie';
export const adminAuditions = '/admin/auditions';

/** A pass's own page. */
export const passPath = (code: string) => pass.replace(':code', () => code);

/** A participant's page in the administration. */
export const participantPath = (id: string) => adminParticipant.replace(':id', () => id);
