import { useEffect, useRef, useState, type FormEvent } from 'react';
import { honeypotValue } from '@/components/ui/Honeypot';
import { prepareProofOfWorkOnInteraction } from '@/data/shared/public-write';
import { DataError } from '@/lib/errors';

type Submit<T> = (onValid: (values: T) => Promise<void>) => (event?: FormEvent) => Promise<void>;

/**
 * What the public forms (reservation, contact) share around a submission: the proof of work
 * solved while the visitor fills the form (from the first interaction, so sending does not wait
 * for it and the page's load is not slowed), the honeypot, one
 * submission at a time, and why the last one failed (shown next to the form, every typed value
 * kept; a DataError's message is already the French sentence to show).
 */
export function usePublicSubmit<T>(
  send: (values: T, honeypot: string) => Promise<void>,
  fallback: string,
) {
  const inFlight = useRef(false);
  const honeypot = useRef<HTMLInputElement>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => prepareProofOfWorkOnInteraction(), []);

  const submit = async (values: T) => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await send(values, honeypotValue(honeypot.current));
    } catch (error) {
      console.error('Échec de l’envoi du formulaire :', error);
      setFailure(error instanceof DataError ? error.message : fallback);
    } finally {
      inFlight.current = false;
    }
  };

  /** The form's onSubmit, given react-hook-form's handleSubmit. */
  const onSubmit = (handleSubmit: Submit<T>) => (event: FormEvent) => {
    // A new attempt: the previous outcome no longer applies (and the same refusal again is
    // announced again, the alert being a new one).
    if (!inFlight.current) setFailure(null);
    void handleSubmit(submit)(event);
  };

  return { honeypot, failure, onSubmit };
}
