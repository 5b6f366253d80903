import { Link } from 'react-router';
import { EditionFact } from '@/components/edition/EditionFact';
import type { EditionInfo } from '@/data/edition/edition-info';
import { registrationDay, registrationWindow } from '@/lib/edition-text';
import { usePageMeta } from '@/lib/use-page-meta';

import type { ClosedReason } from '@/data/participants/types';
import * as paths from '@/config/route-paths';

export type RegistrationClosedReason = ClosedReason;

/*
 * The dates and the year are the settings' (edition_info, docs/decisions/024-one-edition-one-source.md):
 * a sentence that names them is shown once they answer; before, and if they cannot, one without.
 */
const CONTENT: Record<
  RegistrationClosedReason,
  { title: string; text: string; dated?: (info: EditionInfo) => string }
> = {
  not_open: {
    title: 'Inscriptions pas encore ouvertes',
    text: 'Les inscriptions au Booster Challenge ne sont pas encore ouvertes.',
    dated: (info) =>
      registrationDay(info.registrationOpensAt) &&
      `Elles ouvriront le ${registrationDay(info.registrationOpensAt)}.`,
  },
  closed: {
    title: 'Inscriptions Clôturées',
    text: 'La période d’inscription au Booster Challenge est terminée.',
    dated: (info) =>
      registrationWindow(info) && `Les inscriptions étaient ouvertes ${registrationWindow(info)}.`,
  },
  full: {
    title: 'Inscriptions Clôturées',
    text: 'Le nombre maximum de participants a été atteint : il n’est plus possible de s’inscrire.',
  },
};

/**
 * The "registration closed" page, shown by the registration page instead of its form. It renders
 * its own <main> and h1, and says why: not open yet, period over, or maximum reached.
 */
export default function RegistrationClosed({ reason }: { reason: RegistrationClosedReason }) {
  const { title, text, dated } = CONTENT[reason];
  usePageMeta(title, text);
  return (
    <main
      id="contenu"
      className="mx-auto flex max-w-2xl flex-col items-center px-4 py-16 text-center"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-16 text-blue-700"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      >
        <circle cx="12" cy="12" r="9" />
        <path d="M12 7v5l3 2" strokeLinecap="round" />
      </svg>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-4 text-lg text-gray-700">{text}</p>
      {dated && (
        <p className="mt-1 min-h-14 text-lg text-gray-700 sm:min-h-7">
          <EditionFact>{dated}</EditionFact>
        </p>
      )}
      <p className="mt-2 text-gray-700">
        Vous pouvez toujours réserver votre place gratuite pour la Booster Night Party.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link
          to={paths.home}
          className="inline-flex min-h-11 items-center rounded-lg bg-blue-700 px-5 py-2.5 font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
        >
          Retour à l’accueil
        </Link>
        <Link
          to={paths.nightParty}
          className="inline-flex min-h-11 items-center rounded-lg border border-blue-700 px-5 py-2.5 font-semibold text-blue-800 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
        >
          Réserver pour la Night Party
        </Link>
      </div>
    </main>
  );
}
