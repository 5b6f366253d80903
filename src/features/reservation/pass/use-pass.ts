import { PASS_ERROR, type Pass } from '@/data/reservations/pass';
import { passQuery } from '@/data/reservations/pass-query';
import { DataError } from '@/lib/errors';
import { fetchQuery, setQueryData, usePublicQuery } from '@/lib/public-query';

type PassLoad =
  | { status: 'loading' }
  | { status: 'found'; pass: Pass }
  | { status: 'unknown' }
  | { status: 'failed'; message: string };

/**
 * The pass with `code`, read on arrival and again when the page comes back to the foreground
 * (src/lib/public-query.ts); `setPass` after a change, `reload` after a failure.
 */
export function usePass(code: string) {
  const query = passQuery(code);
  const { data, error, status, fetching } = usePublicQuery(query, { enabled: code !== '' });
  const load: PassLoad =
    data !== undefined
      ? data
        ? { status: 'found', pass: data }
        : { status: 'unknown' }
      : status === 'error' && !fetching
        ? { status: 'failed', message: error instanceof DataError ? error.message : PASS_ERROR }
        : { status: 'loading' };
  return {
    load,
    reload: () => void fetchQuery(query, { fresh: true }).catch(() => undefined),
    setPass: (pass: Pass) => setQueryData(query, pass),
  };
}
