import { toCsv } from '@/lib/csv';
import { fileDate, formatDateTime } from '@/lib/dates';
import type { InboxMessage } from '@/data/inbox/types';

/** The inbox's file (French headers, local dates). */
const MESSAGE_CSV_COLUMNS = [
  'Date',
  'Nom',
  'E-mail',
  'Sujet',
  'Message',
  'Traité',
  'Traité le',
] as const;

export function messagesCsv(messages: readonly InboxMessage[]): string {
  return toCsv(
    MESSAGE_CSV_COLUMNS,
    messages.map((m) => [
      formatDateTime(m.createdAt),
      m.name,
      m.email,
      m.subject,
      m.message,
      m.handledAt ? 'Oui' : 'Non',
      m.handledAt ? formatDateTime(m.handledAt) : '',
    ]),
  );
}

export const messagesFileName = (d = new Date()) => `messages_${fileDate(d)}.csv`;
