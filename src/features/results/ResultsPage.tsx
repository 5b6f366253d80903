import { Link } from 'react-router';
import { finalResultsQuery } from '@/data/final/final-results-query';
import { usePageMeta } from '@/lib/use-page-meta';
import { usePublicQuery } from '@/lib/public-query';
import * as paths from '@/config/route-paths';
import { CategoryResultsSection } from './CategoryResults';
import { CertificateCheck } from './CertificateCheck';

/**
 * /resultats: the final's results as the database computed and sealed them
 * (docs/decisions/049-results-and-certificates.md): a prerendered shell, the data read after
 * the page (final_results_public) in a box that keeps its room. Before publication, when they
 * are expected.
 */
export default function ResultsPage() {
  usePageMeta(
    'Résultats',
    'Les résultats de la finale du Booster Challenge : lauréats, notes du jury, vote du public, départage et empreinte des données.',
  );
  const { data, status } = usePublicQuery(finalResultsQuery);
  return (
    <main id="contenu" className="mx-auto max-w-4xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Résultats de la finale</h1>
      <p className="mt-3 text-gray-700">
        Calculés par la base de données selon les{' '}
        <Link to={paths.rules} className="font-semibold text-blue-800 underline">
          règles publiées avant la finale
        </Link>
        , puis scellés à la publication : l’empreinte change si une seule note ou un seul vote
        change.
      </p>
      <div
        className="mt-8 min-h-40 space-y-6"
        aria-live="polite"
        aria-busy={data === undefined && status !== 'error'}
      >
        {data === undefined && status === 'error' && (
          <p>Les résultats n’ont pas pu être chargés. Réessayez plus tard.</p>
        )}
        {data === undefined && status !== 'error' && <p>Chargement des résultats…</p>}
        {data?.length === 0 && (
          <p>
            Les résultats de la finale seront publiés ici. Les règles de la finale le seront avant.
          </p>
        )}
        {data?.map((c) => (
          <CategoryResultsSection key={c.category} results={c} />
        ))}
      </div>
      <div className="mt-8">
        <CertificateCheck />
      </div>
    </main>
  );
}
