import { useCallback, useEffect, useRef, useState } from 'react';
import { toDataError, type DataError } from '@/lib/errors';

type State<T> = { key: string; data: T | undefined; error: DataError | undefined };

/**
 * Loads data for a key (e.g. the serialised filters and page), with loading and error states.
 * A newer key wins over a slower, older answer. While a new key loads, the previous data stays
 * available (the table does not flash empty). `onError` is called once per failed load.
 */
export function useAsyncData<T>(
  key: string,
  load: () => Promise<T>,
  onError?: (error: DataError) => void,
) {
  const [state, setState] = useState<State<T>>({ key: '', data: undefined, error: undefined });
  const [version, setVersion] = useState(0);
  const loadRef = useRef(load);
  const onErrorRef = useRef(onError);
  useEffect(() => {
    loadRef.current = load;
    onErrorRef.current = onError;
  });

  const requestKey = `${key}#${version}`;
  useEffect(() => {
    let current = true;
    loadRef.current().then(
      (data) => {
        if (current) setState({ key: requestKey, data, error: undefined });
      },
      (e: unknown) => {
        if (!current) return;
        const error = toDataError(e, 'Erreur lors du chargement des données');
        setState((s) => ({ key: requestKey, data: s.data, error }));
        onErrorRef.current?.(error);
      },
    );
    return () => {
      current = false;
    };
  }, [requestKey]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return {
    data: state.data,
    error: state.key === requestKey ? state.error : undefined,
    loading: state.key !== requestKey,
    reload,
  };
}
