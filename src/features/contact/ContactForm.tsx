import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Field } from '@/components/ui/Field';
import { FormAlert } from '@/components/ui/FormAlert';
import { Honeypot, honeypotValue } from '@/components/ui/Honeypot';
import { prepareProofOfWork } from '@/data/public-write';
import { CONTACT_SEND_ERROR, sendContactMessage } from '@/data/send-contact-message';
import { DataError } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { contactSchema, type ContactFormValues } from './contact-schema';

const SUCCESS = 'Votre message a été envoyé avec succès !';
const EMPTY: ContactFormValues = { name: '', email: '', subject: '', message: '' };

/**
 * The contact form, its own chunk (react-hook-form, zod and the schema, the submit code):
 * ContactPage renders without it and loads it on first render.
 */
export function ContactForm() {
  const {
    register,
    handleSubmit,
    reset,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormValues>({
    resolver: zodResolver(contactSchema),
    defaultValues: EMPTY,
    // An error is cleared when its field is edited, and checked again on the next submit.
    reValidateMode: 'onSubmit',
  });
  // One id per filled form: a retry after a timeout cannot store the message twice.
  const [messageId, setMessageId] = useState(() => crypto.randomUUID());
  const inFlight = useRef(false);
  const honeypot = useRef<HTMLInputElement>(null);
  // Why the last submission failed, shown above the submit button (every typed value stays).
  const [failure, setFailure] = useState<string | null>(null);

  // The proof of work is solved while the visitor writes, so sending does not wait for it.
  useEffect(() => {
    prepareProofOfWork();
  }, []);

  const field = (name: keyof ContactFormValues) =>
    register(name, { onChange: () => clearErrors(name) });

  const onSubmit = async (values: ContactFormValues) => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      // Success as soon as the message is stored: the organisers have it even if the e-mail
      // notification then fails (that failure is logged by sendContactMessage). The failure
      // alert is shown only when nothing was stored, and then every typed value stays.
      await sendContactMessage(messageId, values, honeypotValue(honeypot.current));
      notify.success(SUCCESS);
      reset(EMPTY);
      setMessageId(crypto.randomUUID());
    } catch (error) {
      console.error("Échec de l'envoi du message. Veuillez réessayer.", error);
      setFailure(error instanceof DataError ? error.message : CONTACT_SEND_ERROR);
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        // A new attempt: the previous outcome no longer applies (and the same refusal again is
        // announced again, the alert being a new one).
        if (!inFlight.current) setFailure(null);
        void handleSubmit(onSubmit)(event);
      }}
      className="mt-5 space-y-5"
    >
      <Honeypot ref={honeypot} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Nom complet" required error={errors.name?.message}>
          <input type="text" autoComplete="name" {...field('name')} />
        </Field>
        <Field label="Email" required error={errors.email?.message}>
          <input type="email" autoComplete="email" inputMode="email" {...field('email')} />
        </Field>
      </div>
      <Field label="Sujet" required error={errors.subject?.message}>
        <input type="text" {...field('subject')} />
      </Field>
      <Field label="Message" required error={errors.message?.message} hint="10 caractères minimum.">
        <textarea rows={6} {...field('message')} />
      </Field>
      <FormAlert message={failure} />
      <button
        type="submit"
        disabled={isSubmitting}
        className="inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-blue-700 px-6 py-3 font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:cursor-not-allowed disabled:opacity-60 sm:w-auto"
      >
        {isSubmitting ? 'Envoi en cours...' : 'Envoyer le message'}
      </button>
    </form>
  );
}
