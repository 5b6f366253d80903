import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { EDITION } from '@/config/edition';
import { Field } from '@/components/ui/Field';
import { CONTACT_SEND_ERROR, sendContactMessage } from '@/data/send-contact-message';
import { notify } from '@/lib/toast';
import { usePageMeta } from '@/lib/use-page-meta';
import { contactSchema, type ContactFormValues } from './contact-schema';

const SUCCESS = 'Votre message a été envoyé avec succès !';
const EMPTY: ContactFormValues = { name: '', email: '', subject: '', message: '' };

export default function ContactPage() {
  usePageMeta(
    'Contact',
    "Contactez l'équipe du Booster Challenge : coordonnées, horaires du support et formulaire de contact.",
  );
  const {
    register,
    handleSubmit,
    reset,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormValues>({
    resolver: zodResolver(contactSchema),
    defaultValues: EMPTY,
    // SPEC §4: an error is cleared when its field is edited, and checked again on the next submit.
    reValidateMode: 'onSubmit',
  });
  // One id per filled form: a retry after a timeout cannot store the message twice.
  const [messageId, setMessageId] = useState(() => crypto.randomUUID());
  const inFlight = useRef(false);

  const field = (name: keyof ContactFormValues) =>
    register(name, { onChange: () => clearErrors(name) });

  const onSubmit = async (values: ContactFormValues) => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      // Success as soon as the message is stored: the organisers have it even if the e-mail
      // notification then fails (that failure is logged by sendContactMessage). The failure
      // toast is shown only when nothing was stored, and then every typed value stays.
      await sendContactMessage(messageId, values);
      notify.success(SUCCESS);
      reset(EMPTY);
      setMessageId(crypto.randomUUID());
    } catch (error) {
      console.error("Échec de l'envoi du message. Veuillez réessayer.", error);
      notify.error(error instanceof Error ? error.message : CONTACT_SEND_ERROR);
    } finally {
      inFlight.current = false;
    }
  };

  const { contact } = EDITION;
  return (
    <main id="contenu" className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Contactez-nous</h1>
      <p className="mt-3 max-w-2xl text-gray-700">
        Une question sur le Booster Challenge ou la Night Party ? Écrivez-nous, nous vous répondons
        pendant les horaires du support.
      </p>

      <div className="mt-8 grid gap-8 lg:grid-cols-3">
        <aside aria-labelledby="coordonnees" className="space-y-6 lg:col-span-1">
          <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200">
            <h2 id="coordonnees" className="text-lg font-bold">
              Nos coordonnées
            </h2>
            <dl className="mt-3 space-y-3 text-gray-800">
              <div>
                <dt className="text-sm font-semibold text-gray-600">E-mail</dt>
                <dd>
                  <a href={`mailto:${contact.email}`} className="text-blue-800 underline">
                    {contact.email}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="text-sm font-semibold text-gray-600">Téléphone</dt>
                <dd>{contact.phone}</dd>
              </div>
              <div>
                <dt className="text-sm font-semibold text-gray-600">Adresse</dt>
                <dd>{contact.address}</dd>
              </div>
            </dl>
          </section>
          <section
            aria-labelledby="horaires"
            className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200"
          >
            <h2 id="horaires" className="text-lg font-bold">
              Horaires du support
            </h2>
            <ul className="mt-3 space-y-1 text-gray-800">
              {contact.supportHours.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </section>
        </aside>

        <section
          aria-labelledby="formulaire-contact"
          className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:p-8 lg:col-span-2"
        >
          <h2 id="formulaire-contact" className="text-lg font-bold">
            Envoyer un message
          </h2>
          <p className="mt-1 text-sm text-gray-600">Les champs marqués d'un * sont obligatoires.</p>
          <form
            noValidate
            onSubmit={(event) => void handleSubmit(onSubmit)(event)}
            className="mt-5 space-y-5"
          >
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
            <Field
              label="Message"
              required
              error={errors.message?.message}
              hint="10 caractères minimum."
            >
              <textarea rows={6} {...field('message')} />
            </Field>
            <button
              type="submit"
              disabled={isSubmitting}
              className="inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-blue-700 px-6 py-3 font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:cursor-not-allowed disabled:opacity-60 sm:w-auto"
            >
              {isSubmitting ? 'Envoi en cours...' : 'Envoyer le message'}
            </button>
          </form>
        </section>
      </div>
    </main>
  );
}
