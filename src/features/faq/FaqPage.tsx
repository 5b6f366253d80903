import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ContactLinks } from '@/components/contact/ContactLinks';
import { EditionFact } from '@/components/edition/EditionFact';
import { usePageMeta } from '@/lib/use-page-meta';
import { FAQ_ITEMS } from './faq-items';
import * as paths from '@/config/route-paths';

export default function FaqPage() {
  usePageMeta(
    'FAQ',
    'Questions fréquentes sur le Booster Challenge : inscription, catégories, équipes, auditions, prix et Night Party.',
  );
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();

  return (
    <main id="contenu" className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Questions fréquentes</h1>
      <p className="mt-3 text-gray-700">
        Tout ce qu’il faut savoir sur le Booster Challenge et la Night Party.
      </p>

      <ul className="mt-8 divide-y divide-gray-200 rounded-xl bg-white shadow-sm ring-1 ring-gray-200">
        {FAQ_ITEMS.map((item, index) => {
          const isOpen = open === index;
          const buttonId = `${baseId}-q${index}`;
          const panelId = `${baseId}-a${index}`;
          return (
            <li key={item.question}>
              <h2>
                <button
                  id={buttonId}
                  type="button"
                  aria-expanded={isOpen}
                  aria-controls={panelId}
                  onClick={() => setOpen(isOpen ? null : index)}
                  className="flex w-full items-center justify-between gap-4 px-4 py-4 text-left font-semibold wrap-anywhere text-gray-900 hover:bg-gray-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-700"
                >
                  {item.question}
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 20 20"
                    className={`size-5 shrink-0 transition-transform ${isOpen ? 'rotate-180' : ''}`}
                    fill="currentColor"
                  >
                    <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
                  </svg>
                </button>
              </h2>
              <div
                id={panelId}
                role="region"
                aria-labelledby={buttonId}
                hidden={!isOpen}
                className="px-4 pb-4 text-gray-700"
              >
                {item.contact ? (
                  <>
                    <p>{item.answer}</p>
                    <ContactLinks className="mt-2" />
                  </>
                ) : item.dated ? (
                  <EditionFact fallback={item.answer}>{item.dated}</EditionFact>
                ) : (
                  item.answer
                )}
              </div>
            </li>
          );
        })}
      </ul>

      <section aria-labelledby="faq-suite" className="mt-10 rounded-xl bg-blue-50 p-6">
        <h2 id="faq-suite" className="text-xl font-bold">
          Vous n’avez pas trouvé votre réponse ?
        </h2>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link
            to={paths.contact}
            className="inline-flex min-h-11 items-center rounded-lg bg-blue-700 px-5 py-2.5 wrap-anywhere font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          >
            Contactez-nous
          </Link>
          <Link
            to={paths.registration}
            className="inline-flex min-h-11 items-center rounded-lg border border-blue-700 px-5 py-2.5 wrap-anywhere font-semibold text-blue-800 hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          >
            S’inscrire au challenge
          </Link>
          <Link
            to={paths.rules}
            className="inline-flex min-h-11 items-center rounded-lg border border-blue-700 px-5 py-2.5 wrap-anywhere font-semibold text-blue-800 hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          >
            Lire le règlement
          </Link>
        </div>
      </section>
    </main>
  );
}
