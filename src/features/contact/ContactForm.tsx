import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Field } from '@/components/ui/Field';
import { FormAlert } from '@/components/ui/FormAlert';
import { Honeypot } from '@/components/ui/Honeypot';
import { usePublicSubmit } from '@/components/forms/use-public-submit';
import { CONTACT_SEND_ERROR, sendContactMessage } from '@/data/inbox/send-contact-message';
import { notify } from '@/lib/toast';
import { focusElement } from '@/lib/move-focus';
import { contactSchema, type ContactFormValues } from './contact-schema';
import { Button } from '@/components/ui/Button';

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
  /*
   * Once sent, the focus goes to a line saying so at the top of the emptied form (issue 15): the
   * toast is said once by its live region, this line is read on focus and stays on screen.
   */
  const [sent, setSent] = useState(false);
  const sentLine = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (sent) focusElement(sentLine.current);
  }, [sent]);
  const { honeypot, failure, onSubmit } = usePublicSubmit<ContactFormValues>(
    async (values, trap) => {
      // Success as soon as the message is stored: the organisers have it even if the e-mail
      // notification then fails (that failure is logged by sendContactMessage).
      await sendContactMessage(messageId, values, trap);
      notify.success(SUCCESS);
      reset(EMPTY);
      setMessageId(crypto.randomUUID());
      setSent(true);
    },
    CONTACT_SEND_ERROR,
  );

  const field = (name: keyof ContactFormValues) =>
    register(name, {
      onChange: () => {
        clearErrors(name);
        setSent(false);
      },
    });

  return (
    <form noValidate onSubmit={onSubmit(handleSubmit)} className="mt-5 space-y-5">
      <Honeypot ref={honeypot} />
      {sent && (
        <p
          ref={sentLine}
          tabIndex={-1}
          className="rounded-lg bg-green-50 p-4 font-medium text-green-900 ring-1 ring-green-200 focus:outline-none"
        >
          Message envoyé. Nous vous répondons pendant les horaires du support.
        </p>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Nom complet" required error={errors.name?.message}>
          <input type="text" autoComplete="name" {...field('name')} />
        </Field>
        <Field label="E-mail" required error={errors.email?.message}>
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
      <Button type="submit" size="lg" busy={isSubmitting} busyLabel="Envoi en cours...">
        Envoyer le message
      </Button>
    </form>
  );
}
