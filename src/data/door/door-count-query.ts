import type { PublicQuery } from '@/lib/public-query';
import { getDoorCount, type DoorCount } from './check-in';

/**
 * The live count of entries. No retry: the door reads it again every few seconds anyway, and its
 * staff must see at once that the count shown is the last known one.
 */
export const doorCountQuery: PublicQuery<DoorCount> = {
  key: 'door_count',
  fetch: getDoorCount,
  retries: 0,
};
