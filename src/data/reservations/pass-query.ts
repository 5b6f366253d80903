import type { PublicQuery } from '@/lib/public-query';
import { getPass, type Pass } from './pass';

/** The pass with `code` (null: no such pass), read with plain fetch (get_pass). */
export const passQuery = (code: string): PublicQuery<Pass | null> => ({
  key: `pass:${code}`,
  fetch: () => getPass(code),
});
