import { EDITION } from '@/config/edition';
import type { CategoryResults, PublishedResults } from '@/data/final/final-results-public';
import { JudgesMarks } from './JudgesMarks';
import { at, CATEGORY_TITLES, rankText, score, tieBreakText } from './results-text';

/** The podium: the first three ranks with the edition's prizes (src/config/edition.ts). */
function Winners({ results }: { results: PublishedResults }) {
  const podium = results.finalists.filter(
    (f) => f.rank !== null && f.rank <= EDITION.prizes.length,
  );
  return (
    <ol className="mt-3 space-y-2">
      {podium.map((f) => {
        const prize = EDITION.prizes[(f.rank ?? 1) - 1];
        return (
          <li key={f.name} className="rounded-lg border-2 border-yellow-400 bg-yellow-50 p-3">
            <p className="text-sm font-semibold text-gray-800">{prize.rank}</p>
            <p className="text-xl font-bold text-gray-900">{f.name}</p>
            <p className="text-gray-800">
              {prize.amount}
              {prize.extra ? ` ${prize.extra}` : ''}
            </p>
          </li>
        );
      })}
    </ol>
  );
}

function Formula({ results }: { results: PublishedResults }) {
  return (
    <p className="mt-3 text-gray-800">
      {results.publicShare === 0
        ? 'Le jury a décidé seul (100\u00a0%).'
        : `Jury ${results.juryShare}\u00a0%, public ${results.publicShare}\u00a0% (${results.votesTotal} votes comptés). Chaque part est ramenée sur 100 points parmi les finalistes\u00a0: le premier 100, le dernier 0.`}
    </p>
  );
}

function Finalists({ results }: { results: PublishedResults }) {
  return (
    <ol className="mt-3 space-y-3">
      {results.finalists.map((f) => (
        <li key={f.name} className="rounded-lg border border-gray-200 bg-white p-3">
          <p className="text-lg font-bold text-gray-900">
            {f.rank === null ? 'Non classé' : rankText(f.rank)} · {f.name}
          </p>
          <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-gray-700">Jury</dt>
              <dd className="font-semibold text-gray-900 tabular-nums">
                {score(f.juryPoints)} pts{' '}
                <span className="font-normal">(moyenne {score(f.raw)}/10)</span>
              </dd>
            </div>
            <div>
              <dt className="text-gray-700">Public</dt>
              <dd className="font-semibold text-gray-900 tabular-nums">
                {results.publicShare === 0
                  ? 'Non compté'
                  : `${score(f.publicPoints)} pts (${f.votes} votes, ${score(f.publicPercent)}\u00a0%)`}
              </dd>
            </div>
            <div>
              <dt className="text-gray-700">Score combiné</dt>
              <dd className="font-semibold text-gray-900 tabular-nums">
                {score(f.combined)} / 100
              </dd>
            </div>
            <div>
              <dt className="text-gray-700">Jurés</dt>
              <dd className="text-gray-900">
                {f.scored} sur {f.judgesCount}
                {f.recused > 0 ? ` (${f.recused} récusé${f.recused > 1 ? 's' : ''})` : ''}
              </dd>
            </div>
          </dl>
          {f.tiebreak && (
            <p className="mt-2 text-sm font-semibold text-gray-900">
              {tieBreakText(f.tiebreak, results.criterionLabel)}
            </p>
          )}
          {f.absent && <p className="mt-2 text-sm text-gray-800">Absent à la finale.</p>}
          <JudgesMarks finalist={f} criteria={results.criteria} />
        </li>
      ))}
    </ol>
  );
}

function Audit({ results }: { results: PublishedResults }) {
  return (
    <div className="mt-4 space-y-2 text-sm text-gray-800">
      <h4 className="font-semibold text-gray-900">Fiches déverrouillées</h4>
      {results.cardUnlocks.length === 0 ? (
        <p>Aucune fiche de juré n’a été déverrouillée.</p>
      ) : (
        <ul className="list-disc pl-5">
          {results.cardUnlocks.map((u) => (
            <li key={`${u.at}-${u.judge}-${u.name}`}>
              {at(u.at)}, {u.judge} pour {u.name} : {u.reason}
            </li>
          ))}
        </ul>
      )}
      <p>Publiés le {at(results.publishedAt)}.</p>
      <p>
        Empreinte des données (SHA-256) :{' '}
        <code className="break-all text-gray-900">{results.inputsDigest}</code>
      </p>
      <p>
        Sceau : <code className="break-all text-gray-900">{results.signature}</code>
      </p>
    </div>
  );
}

/** One category: before publication, when results are expected; after, the sealed snapshot. */
export function CategoryResultsSection({ results }: { results: CategoryResults }) {
  const title = CATEGORY_TITLES[results.category];
  const id = `resultats-${results.category}`;
  const p = results.published;
  return (
    <section aria-labelledby={id} className="rounded-xl bg-white p-4 shadow-sm sm:p-6">
      <h2 id={id} className="text-2xl font-bold text-gray-900">
        {title}
      </h2>
      {!p ? (
        <p className="mt-2 text-gray-800">
          {results.resultsExpectedAt
            ? `Résultats attendus le ${at(results.resultsExpectedAt)}.`
            : 'Les résultats seront publiés ici après la finale.'}
        </p>
      ) : (
        <>
          <h3 className="mt-4 text-lg font-bold text-gray-900">Lauréats</h3>
          <Winners results={p} />
          <h3 className="mt-6 text-lg font-bold text-gray-900">Classement détaillé</h3>
          <Formula results={p} />
          <Finalists results={p} />
          <Audit results={p} />
        </>
      )}
    </section>
  );
}
