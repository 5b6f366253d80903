import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { FormAlert } from '@/components/ui/FormAlert';
import { Honeypot } from '@/components/ui/Honeypot';
import { usePublicSubmit } from '@/components/forms/use-public-submit';
import { PHONE_HINT } from '@/lib/phone';
import { phone } from '@/lib/validation';
import { recoverPass, RECOVER_PASS_ERROR } from '@/data/outbox/recover-pass';

/** The phone written as people do (+237, spaces, dots), sent as its 9 digits. */
const recoverPassSchema = z.object({ phone: phone() });
type RecoverPassValues = z.infer<typeof recoverPassSchema>;

/**
 * The phone of the reservation, and the database's answer: one neutral sentence, the same for
 * a phone with or without a reservation; the pass's link goes to the phone, never to this page.
 * The field takes the focus when the form appears (the visitor just asked for it).
 */
export function RecoverPassForm() {
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<RecoverPassValues>({
    resolver: zodResolver(recoverPassSchema),
    defaultValues: { phone: '' },
    // As before: a message stays until the next attempt.
    reValidateMode: 'onSubmit',
  });
  const [answer, setAnswer] = useState<string | null>(null);
  useEffect(() => setFocus('phone'), [setFocus]);

  const { honeypot, failure, onSubmit } = usePublicSubmit<RecoverPassValues>(
    async (values, trap) => {
      setAnswer(null);
      setAnswer(await recoverPass(values.phone, trap));
    },
    RECOVER_PASS_ERROR,
  );

  return (
    <form noValidate onSubmit={onSubmit(handleSubmit)} className="mt-4 space-y-5">
      <Honeypot ref={honeypot} />
      <Field
        label="Téléphone de la réservation"
        required
        error={errors.phone?.message}
        hint={`${PHONE_HINT}.`}
      >
        <input type="tel" inputMode="tel" autoComplete="tel-national" {...register('phone')} />
      </Field>
      <FormAlert message={failure} />
      <Button type="submit" variant="secondary" busy={isSubmitting} busyLabel="Envoi en cours...">
        Recevoir le lien de mon pass
      </Button>
      <p role="status" className="text-gray-800">
        {answer}
      </p>
    </form>
  );
}
