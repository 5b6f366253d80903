import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { FormAlert } from '@/components/ui/FormAlert';
import { Honeypot } from '@/components/ui/Honeypot';
import { usePublicSubmit } from '@/components/forms/use-public-submit';
import { normalisePhone, PHONE_HINT } from '@/lib/phone';
import { PHONE_INVALID, PHONE_PATTERN, PHONE_REQUIRED } from '@/lib/validation';
import { recoverPass, RECOVER_PASS_ERROR } from '@/data/outbox/recover-pass';

/** The phone's own message, or null for 9 digits (written as people do: +237, spaces, dots). */
function phoneError(written: string): string | null {
  if (written.trim() === '') return PHONE_REQUIRED;
  return PHONE_PATTERN.test(normalisePhone(written)) ? null : PHONE_INVALID;
}

/**
 * The phone of the reservation, and the database's answer: one neutral sentence, the same for
 * a phone with or without a reservation; the pass's link goes to the phone, never to this page.
 * The field takes the focus when the form appears (the visitor just asked for it).
 */
export function RecoverPassForm() {
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  const { honeypot, failure, onSubmit } = usePublicSubmit<string>(async (digits, trap) => {
    setAnswer(null);
    setBusy(true);
    try {
      setAnswer(await recoverPass(digits, trap));
    } finally {
      setBusy(false);
    }
  }, RECOVER_PASS_ERROR);

  // The shape usePublicSubmit takes (react-hook-form's handleSubmit), for one field.
  const handleSubmit = (onValid: (digits: string) => Promise<void>) => async (e?: FormEvent) => {
    e?.preventDefault();
    const problem = phoneError(phone);
    setError(problem);
    if (problem) {
      input.current?.focus();
      return;
    }
    await onValid(normalisePhone(phone));
  };

  return (
    <form noValidate onSubmit={onSubmit(handleSubmit)} className="mt-4 space-y-5">
      <Honeypot ref={honeypot} />
      <Field
        label="Téléphone de la réservation"
        required
        error={error ?? undefined}
        hint={`${PHONE_HINT}.`}
      >
        <input
          ref={input}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
        />
      </Field>
      <FormAlert message={failure} />
      <Button type="submit" variant="secondary" busy={busy} busyLabel="Envoi en cours...">
        Recevoir le lien de mon pass
      </Button>
      <p role="status" className="text-gray-800">
        {answer}
      </p>
    </form>
  );
}
