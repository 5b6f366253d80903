import { toCsv } from '@/lib/csv';
import { percent } from '@/lib/numbers';
import type { RegionCount } from '@/data/participants/types';

/** The stats page's regional distribution file. */
export const REGION_CSV_FILE = 'distribution_regionale.csv';

export function regionsCsv(byRegion: readonly RegionCount[], total: number): string {
  return toCsv(
    ['Région', 'Participants', 'Pourcentage'],
    byRegion.map((r) => [r.region, r.count, `${percent(r.count, total)}%`]),
  );
}
