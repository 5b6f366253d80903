import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EDITION } from '@/config/edition';
import { usePageMeta } from '@/lib/use-page-meta';
import { detectBrowser } from './detect-browser';

/**
 * Unknown paths, and render errors caught by the router's error boundary (which logs them). Shows the optional `?error=` message,
 * the browser and the URL (to quote to support), and "Actualiser", which clears the stored data
 * except the admin session and goes back home after 1 second.
 */
export default function ErrorPage() {
  usePageMeta('Erreur', 'Une erreur est survenue sur le site du Booster Challenge.');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const message = params.get('error');
  const [refreshing, setRefreshing] = useState(false);
  const cancelRedirect = useRef<(() => void) | null>(null);

  useEffect(() => () => cancelRedirect.current?.(), []);

  const refresh = async () => {
    if (refreshing) return;
    setRefreshing(true);
    // Loaded on demand: it names the Supabase session key, and the first page load stays light.
    const { refreshAndGoHome } = await import('@/lib/storage-reset');
    cancelRedirect.current = refreshAndGoHome(() => navigate('/', { replace: true }));
  };

  const supportEmail = EDITION.contact.supportEmail;
  return (
    <main
      id="contenu"
      className="flex min-h-screen items-center justify-center bg-gray-50 px-4 py-12"
    >
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
        <dl className="mt-6 space-y-2 text-left text-sm text-gray-700">
          <div className="flex flex-wrap gap-x-2">
            <dt className="font-semibold">Navigateur :</dt>
            <dd>{detectBrowser(navigator.userAgent)}</dd>
          </div>
          <div className="flex flex-wrap gap-x-2">
            <dt className="font-semibold">URL :</dt>
            <dd className="break-all">{window.location.href}</dd>
          </div>
        </dl>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <button
            type="button"
            onClick={refresh}
            disabled={refreshing}
            className="inline-flex min-h-11 items-center rounded-lg bg-blue-700 px-5 py-2.5 font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:opacity-60"
          >
            {refreshing ? 'Actualisation...' : 'Actualiser'}
          </button>
          <Link
            to="/"
            className="inline-flex min-h-11 items-center rounded-lg border border-blue-700 px-5 py-2.5 font-semibold text-blue-800 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          >
            Retour à l'accueil
          </Link>
        </div>
        <p className="mt-8 text-sm text-gray-600">
          Si le problème persiste, contactez le support :{' '}
          <a href={`mailto:${supportEmail}`} className="text-blue-800 underline">
            {supportEmail}
          </a>
        </p>
      </div>
    </main>
  );
}
