import { getSupabase, type Supabase } from '@/data/shared/supabase';
import { toDataError } from '@/lib/errors';
import { toInboxMessage } from './mappers';
import type { InboxMessage } from './types';
import {
  afterCursor,
  API_MAX_ROWS,
  fetchAllAfter,
  ilikeAny,
  NEWEST_FIRST,
  ordered,
  pageOf,
  type Page,
} from '@/data/shared/query-helpers';

/**
 * The organisers' inbox: the contact messages visitors sent (stored before any e-mail, see
 * send-contact-message.ts), newest first, each marked handled or not by an admin.
 */

export const MESSAGE_STATES = ['unhandled', 'handled'] as const;
type MessageState = (typeof MESSAGE_STATES)[number];

export type MessageFilters = { search?: string; state?: MessageState | '' };

const LOAD_ERROR = 'Erreur lors du chargement des messages';

function filteredQuery(supabase: Supabase, filters: MessageFilters, count: boolean) {
  let q = ordered(
    supabase.from('contact_messages').select('*', count ? { count: 'exact' } : undefined),
    NEWEST_FIRST,
  );
  const or = ilikeAny(['name', 'email', 'subject', 'message'], filters.search ?? '');
  if (or) q = q.or(or);
  if (filters.state === 'handled') q = q.not('handled_at', 'is', null);
  if (filters.state === 'unhandled') q = q.is('handled_at', null);
  return q;
}

/** One page (0-based) of messages matching the filters, newest first, with the total. */
export async function listMessages(
  filters: MessageFilters,
  page: number,
  pageSize = 10,
): Promise<Page<InboxMessage>> {
  const query = filteredQuery(await getSupabase(), filters, true);
  return pageOf(query, page, pageSize, toInboxMessage, LOAD_ERROR);
}

/** Every message matching the filters (the CSV export), by keyset pages. */
export async function fetchAllMessages(filters: MessageFilters = {}): Promise<InboxMessage[]> {
  const supabase = await getSupabase();
  try {
    const rows = await fetchAllAfter((after) => {
      const q = filteredQuery(supabase, filters, false).limit(API_MAX_ROWS);
      return after ? q.lte('created_at', after.created_at).or(afterCursor(after)) : q;
    });
    return rows.map(toInboxMessage);
  } catch (error) {
    throw toDataError(error, LOAD_ERROR);
  }
}

/** Marks a message handled (or not handled again); the database records who and when. */
export async function setMessageHandled(id: string, handled: boolean): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('admin_set_message_handled', { id, handled });
  if (error) throw toDataError(error, 'Erreur lors de la mise à jour du message');
}

/** How many messages no organiser has handled yet (the sidebar's badge). */
export async function unhandledMessageCount(): Promise<number> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('unhandled_message_count');
  if (error) throw toDataError(error, LOAD_ERROR);
  return Number(data ?? 0);
}
