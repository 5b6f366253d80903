import type { PublishedFinalist } from '@/data/final/final-results-public';
import { score, zScore } from './results-text';

type Props = {
  finalist: PublishedFinalist;
  criteria: { key: string; label: string }[];
};

/**
 * A finalist's marks, judge by judge (« Juré n », never a name): each criterion's mark with its
 * normalised score (the judge's own usual gap as the unit, floored at one point: ADR 040), the
 * total and its normalised score. A recused judge (conflict of interest) has no marks.
 */
export function JudgesMarks({ finalist, criteria }: Props) {
  const caption = `Notes des jurés pour ${finalist.name}`;
  return (
    <details className="mt-3 rounded-lg border border-gray-200 bg-gray-50 px-3">
      <summary className="min-h-11 cursor-pointer py-2.5 font-semibold text-gray-900">
        Notes des jurés ({finalist.judges.length})
      </summary>
      <ul className="space-y-3 pb-3 text-sm text-gray-900" aria-label={caption}>
        {finalist.judges.map((j) => (
          <li key={j.label}>
            <p className="font-semibold">{j.label}</p>
            {j.recused || j.absent || j.total === null ? (
              <p>
                {j.recused
                  ? 'Récusé (conflit d’intérêts)\u00a0: non compté'
                  : j.absent
                    ? 'Absent'
                    : 'Pas de note'}
              </p>
            ) : (
              <dl className="flex flex-wrap gap-x-4 gap-y-1">
                {criteria.map((c) => {
                  const mark = j.criteria.find((m) => m.key === c.key);
                  return (
                    <div key={c.key} className="flex gap-1">
                      <dt className="text-gray-700">{c.label} :</dt>
                      <dd className="tabular-nums">
                        {mark ? `${score(mark.value)} (${zScore(mark.z)})` : '—'}
                      </dd>
                    </div>
                  );
                })}
                <div className="flex gap-1 font-semibold">
                  <dt>Total :</dt>
                  <dd className="tabular-nums">
                    {score(j.total)} ({zScore(j.z)})
                  </dd>
                </div>
              </dl>
            )}
          </li>
        ))}
      </ul>
      <p className="pb-3 text-xs text-gray-700">
        Notes sur 10 et, entre parenthèses, la note normalisée du juré (écart à sa propre moyenne,
        en nombre de ses écarts habituels).
      </p>
    </details>
  );
}
