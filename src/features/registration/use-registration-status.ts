import { useEffect, useState } from 'react';
import { getRegistrationStatus } from '@/data/get-registration-status';
import type { RegistrationStatus } from '@/data/types';

export type StatusState =
  | { state: 'loading' }
  | { state: 'ready'; status: RegistrationStatus }
  /** The check failed (e.g. offline): the form is shown, the database decides on submission. */
  | { state: 'unknown' };

/** Asks the database once whether registration is open. */
export function useRegistrationStatus(): StatusState {
  const [result, setResult] = useState<StatusState>({ state: 'loading' });
  useEffect(() => {
    let active = true;
    getRegistrationStatus().then(
      (status) => active && setResult({ state: 'ready', status }),
      () => active && setResult({ state: 'unknown' }),
    );
    return () => {
      active = false;
    };
  }, []);
  return result;
}
