import { queryOptions } from '@tanstack/react-query';
import { queryRoots } from '@/data/shared/query-roots';
import { getDoorCount } from './check-in';
import { listDoubleEntries } from './double-entries';
import { listLaneAlerts } from './lane-alerts';

/**
 * The double entries for the administration's reservations and attendance pages, under the
 * reservations' branch: every write there (an entry by hand, an undone entry) refreshes them.
 */
export const doubleEntriesQuery = () =>
  queryOptions({
    queryKey: [...queryRoots.reservations, 'double-entries'] as const,
    queryFn: listDoubleEntries,
  });

/**
 * The door's count for the attendance page: entries per door and how many double entries were
 * recorded, under the reservations' branch too (an entry by hand changes it).
 */
export const doorCountAdminQuery = () =>
  queryOptions({
    queryKey: [...queryRoots.reservations, 'door-count'] as const,
    queryFn: getDoorCount,
  });

/**
 * The doors' lane alerts for the attendance page (a door account past a lane's pace), refreshed
 * every minute while the page is open: the night is when they matter.
 */
export const laneAlertsQuery = () =>
  queryOptions({
    queryKey: [...queryRoots.reservations, 'lane-alerts'] as const,
    queryFn: listLaneAlerts,
    refetchInterval: 60_000,
  });
