import { useCallback, useEffect, useState } from 'react';
import { getPass, PASS_ERROR, type Pass } from '@/data/reservations/pass';
import { DataError } from '@/lib/errors';

export type PassLoad =
  | { status: 'loading' }
  | { status: 'found'; pass: Pass }
  | { status: 'unknown' }
  | { status: 'failed'; message: string };

/** The pass with `code`, read on arrival; `setPass` after a change, `reload` after a failure. */
export function usePass(code: string) {
  const [load, setLoad] = useState<PassLoad>({ status: 'loading' });
  const fetchPass = useCallback(
    (live: () => boolean) =>
      getPass(code).then(
        (pass) => live() && setLoad(pass ? { status: 'found', pass } : { status: 'unknown' }),
        (error: unknown) =>
          live() &&
          setLoad({
            status: 'failed',
            message: error instanceof DataError ? error.message : PASS_ERROR,
          }),
      ),
    [code],
  );
  useEffect(() => {
    let live = true;
    void fetchPass(() => live);
    return () => {
      live = false;
    };
  }, [fetchPass]);
  return {
    load,
    reload: () => {
      setLoad({ status: 'loading' });
      void fetchPass(() => true);
    },
    setPass: (pass: Pass) => setLoad({ status: 'found', pass }),
  };
}
