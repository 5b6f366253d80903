import { EDITION } from '@/config/edition';
import { ContactLinks } from '@/components/contact/ContactLinks';
import { lazyComponent } from '@/lib/lazy-component';
import { RequiredLegend } from '@/components/ui/RequiredLegend';
import { usePageMeta } from '@/lib/use-page-meta';

/*
 * The form (react-hook-form, zod and its schema, the submit code with supabase-js's loader) is its
 * own chunk, so the page's first load stays under 130 kB gzip (build/bundle-budget.ts). Its
 * download starts when the page mounts; meanwhile a placeholder of the form's height (measured at
 * 360-1440 px) holds its place, so nothing below it moves when the form arrives.
 */
const ContactForm = lazyComponent(() => import('./ContactForm').then((m) => m.ContactForm));

function FormLoading() {
  return (
    <div role="status" className="mt-5 min-h-[34.5rem] sm:min-h-[28.875rem]">
      <p className="text-gray-700">Chargement du formulaire…</p>
    </div>
  );
}

export default function ContactPage() {
  usePageMeta(
    'Contact',
    'Contactez l’équipe du Booster Challenge : coordonnées, horaires du support et formulaire de contact.',
  );
  const { contact } = EDITION;
  return (
    <main id="contenu" className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Contactez-nous</h1>
      <p className="mt-3 max-w-2xl text-gray-700">
        Une question sur le Booster Challenge ou la Night Party ? Écrivez-nous, nous vous répondons
        pendant les horaires du support.
      </p>

      <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-3">
        <aside aria-labelledby="coordonnees" className="space-y-6 lg:col-span-1">
          <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200">
            <h2 id="coordonnees" className="text-lg font-bold">
              Nos coordonnées
            </h2>
            <ContactLinks className="mt-2 text-gray-800" />
            <p className="mt-1 text-gray-800">
              <span className="mr-1 text-gray-600">Adresse&nbsp;:</span>
              {contact.address}
            </p>
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
          <RequiredLegend className="mt-1" />
          <ContactForm fallback={<FormLoading />} />
        </section>
      </div>
    </main>
  );
}
