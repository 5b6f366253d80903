import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ContactLinks } from '@/components/contact/ContactLinks';
import * as paths from '@/config/route-paths';
import type { MenuLink } from '@/config/route-manifest';
import { usePageMeta } from '@/lib/use-page-meta';
import { detectBrowser } from './detect-browser';

/** Where a visitor who reached a dead end most likely wanted to go. */
const MAIN_PAGES: MenuLink[] = [
  { to: paths.registration, label: 'Inscription au challenge' },
  { to: paths.nightParty, label: 'Night Party' },
  { to: paths.faq, label: 'FAQ' },
  { to: paths.contact, label: 'Contact' },
  { to: paths.rules, label: 'Règlement' },
];

const NOT_FOUND_MESSAGE =
  'Cette page n’existe pas (ou plus)\u00a0: vérifiez l’adresse, ou choisissez une page ci-dessous.';

type Props = {
  /** An unknown path (rather than a render error): the message slot says so. */
  notFound?: boolean;
};

/**
 * Unknown paths (inside the site's header and footer) and render errors caught by the router's
 * error boundaries (which log them). Shows the `?error=` message, or for an unknown path that the
 * page does not exist; the browser and the URL (to quote to support); the main pages; and
 * "Actualiser", which clears the stored data except the admin session and goes home after 1 second.
 */
export default function ErrorPage({ notFound = false }: Props) {
  usePageMeta(
    notFound ? 'Page introuvable' : 'Erreur',
    notFound
      ? 'Cette page n’existe pas sur le site du Booster Challenge.'
      : 'Une erreur est survenue sur le site du Booster Challenge.',
  );
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const message = params.get('error') ?? (notFound ? NOT_FOUND_MESSAGE : null);
  const [refreshing, setRefreshing] = useState(false);
  const cancelRedirect = useRef<(() => void) | null>(null);

  useEffect(() => () => cancelRedirect.current?.(), []);

  const refresh = async () => {
    if (refreshing) return;
    setRefreshing(true);
    // Loaded on demand: it names the Supabase session key, and the first page load stays light.
    const { refreshAndGoHome } = await import('@/lib/storage-reset');
    cancelRedirect.current = refreshAndGoHome(() => navigate(paths.home, { replace: true }));
  };

  return (
    <main id="contenu" className="flex justify-center px-4 py-10 sm:py-16">
      <div className="w-full max-w-xl rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-gray-200 sm:p-10">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="mx-auto size-14 text-red-700"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M12 3l10 18H2L12 3z" strokeLinejoin="round" />
          <path d="M12 10v5M12 18h.01" strokeLinecap="round" />
        </svg>
        <h1 className="mt-4 text-2xl font-extrabold tracking-tight sm:text-3xl">
          Oops! Une erreur est survenue
        </h1>
        {message && (
          <p className="mt-4 rounded-lg bg-red-50 p-3 text-red-800" role="alert">
            {message}
          </p>
        )}
        <dl className="mt-6 space-y-2 text-left text-sm text-gray-700 wrap-anywhere">
          <div className="flex flex-wrap gap-x-2">
            <dt className="font-semibold">Navigateur&nbsp;:</dt>
            <dd>{detectBrowser(navigator.userAgent)}</dd>
          </div>
          <div className="flex flex-wrap gap-x-2">
            <dt className="font-semibold">URL&nbsp;:</dt>
            <dd className="break-all">{window.location.href}</dd>
          </div>
        </dl>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <button
            type="button"
            onClick={refresh}
            aria-disabled={refreshing || undefined}
            className="inline-flex min-h-11 items-center rounded-lg bg-blue-700 px-5 py-2.5 wrap-anywhere font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 aria-disabled:opacity-60"
          >
            {refreshing ? 'Actualisation…' : 'Actualiser'}
          </button>
          <Link
            to={paths.home}
            className="inline-flex min-h-11 items-center rounded-lg border border-blue-700 px-5 py-2.5 wrap-anywhere font-semibold text-blue-800 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          >
            Retour à l’accueil
          </Link>
        </div>
        <nav aria-label="Pages principales" className="mt-8 border-t border-gray-200 pt-6">
          <h2 className="text-sm font-semibold text-gray-700">Pages principales</h2>
          <ul className="mt-2 flex flex-wrap justify-center gap-x-4">
            {MAIN_PAGES.map((page) => (
              <li key={page.to}>
                <Link
                  to={page.to}
                  className="inline-flex min-h-11 items-center font-medium text-blue-800 underline underline-offset-2 hover:text-blue-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
                >
                  {page.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-6 text-sm text-gray-700">
          <p>Si le problème persiste, contactez le support&nbsp;:</p>
          <ContactLinks className="mt-1" />
        </div>
      </div>
    </main>
  );
}
