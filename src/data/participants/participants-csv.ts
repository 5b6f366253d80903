import { CSV_MIME, toCsv } from '@/lib/csv';
import { fileDate } from '@/lib/dates';
import { fetchAllParticipants, type ParticipantFilters } from './list-participants';
import type { Participant } from './types';

/**
 * The participants file: exactly the specification's columns, in its order (its §7, "Client-built
 * exports"; tests/unit/csv-exports.test.ts and tests/unit/specification-words.test.ts).
 */
export const PARTICIPANT_CSV_COLUMNS = [
  'id',
  'fullName',
  'email',
  'phone',
  'city',
  'region',
  'category',
  'participationType',
  'teamName',
  'linkToWork',
  'description',
  'agreeToTerms',
  'createdAt',
] as const satisfies readonly (keyof Participant)[];

export function participantsCsv(participants: readonly Participant[]): string {
  return toCsv(
    PARTICIPANT_CSV_COLUMNS,
    participants.map((p) => PARTICIPANT_CSV_COLUMNS.map((c) => p[c] as string | boolean)),
  );
}

export const participantsFileName = (d = new Date()) => `participants_${fileDate(d)}.csv`;

/**
 * participants_{date}.csv of every participant matching the filters (fetched page by page, without
 * the team members), as the participants list and the dashboard download it
 * (src/features/admin/ui/export-file.ts).
 */
export const participantsCsvExport = (filters: ParticipantFilters = {}) => ({
  what: 'participants' as const,
  fileName: participantsFileName(),
  mime: CSV_MIME,
  filters,
  fetchRows: () => fetchAllParticipants(filters, { withMembers: false }),
  build: participantsCsv,
  none: 'Aucun participant à exporter',
});
