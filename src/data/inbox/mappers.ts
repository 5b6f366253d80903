import type { Database } from '../../../supabase/database.types';
import type { ContactMessage, InboxMessage } from './types';

/** A contact_messages row as stored (snake_case), from supabase/database.types.ts. */
export type ContactMessageRow = Database['public']['Tables']['contact_messages']['Row'];

export function toContactMessageRow(id: string, m: ContactMessage) {
  return {
    id,
    name: m.name.trim(),
    email: m.email.trim(),
    subject: m.subject.trim(),
    message: m.message.trim(),
  };
}

export function toInboxMessage(row: ContactMessageRow): InboxMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    createdAt: row.created_at,
    handledAt: row.handled_at ?? null,
    handledBy: row.handled_by ?? null,
  };
}
