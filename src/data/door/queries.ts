import { queryOptions } from '@tanstack/react-query';
import { queryRoots } from '@/data/shared/query-roots';
import { listDoubleEntries } from './double-entries';

/**
 * The double entries for the administration's reservations and attendance pages, under the
 * reservations' branch: every write there (an entry by hand, an undone entry) refreshes them.
 */
export const doubleEntriesQuery = () =>
  queryOptions({
    queryKey: [...queryRoots.reservations, 'double-entries'] as const,
    queryFn: listDoubleEntries,
  });
