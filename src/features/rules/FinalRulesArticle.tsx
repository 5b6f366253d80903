import { finalRulesQuery } from '@/data/final/final-rules-query';
import type { FinalRules, TieBreakStep } from '@/data/final/final-rules';
import { formatEventDay, formatEventTime } from '@/lib/dates';
import { usePublicQuery } from '@/lib/public-query';
import { Article } from './Article';

const CATEGORY = { dance: 'Danse', singing: 'Chant' } as const;

const at = (d: string) => `${formatEventDay(d)} à ${formatEventTime(d)}`;

function step(s: TieBreakStep, rules: FinalRules): string {
  if (s === 'jury') return 'la meilleure note du jury';
  if (s === 'criterion')
    return `la meilleure note moyenne en «\u00a0${rules.criterionLabel ?? ''}\u00a0»`;
  return 'la voix prépondérante du juré principal (sa propre note)';
}

function shares(rules: FinalRules): string {
  if (rules.publicShare === 0) return 'Le jury décide seul (100\u00a0%).';
  const rounds = rules.voteRounds.map((t) => `«\u00a0${t}\u00a0»`).join(', ');
  return `Jury ${rules.juryShare}\u00a0%, public ${rules.publicShare}\u00a0% (votes ${rules.voteRounds.length > 1 ? 'des manches' : 'de la manche'} ${rounds} de la Night Party).`;
}

function Category({ rules }: { rules: FinalRules }) {
  return (
    <div>
      <h3 className="font-semibold">{CATEGORY[rules.category]}</h3>
      <p>{shares(rules)}</p>
      {rules.tiebreak.length > 0 && (
        <p>
          En cas d’égalité, départagés par{' '}
          {rules.tiebreak.map((s, i) => `${i + 1}.\u00a0${step(s, rules)}`).join('\u00a0; ')}.
        </p>
      )}
      {rules.resultsExpectedAt && <p>Résultats attendus le {at(rules.resultsExpectedAt)}.</p>}
      <p className="text-sm text-gray-600">
        Publié le {at(rules.publishedAt)}
        {rules.modifiedAt && `, modifié le ${at(rules.modifiedAt)}`}.
      </p>
    </div>
  );
}

/**
 * The final's rules as the organisers published them (final_rules_public,
 * docs/decisions/047-the-final.md): read after the page, in a box that keeps its room so the
 * page does not move when they arrive.
 */
export function FinalRulesArticle({ number }: { number: number }) {
  const { data, status } = usePublicQuery(finalRulesQuery);
  return (
    <Article number={number} title={'La finale\u00a0: jury, public et départage'}>
      <div
        className="min-h-24 space-y-4"
        aria-live="polite"
        aria-busy={data === undefined && status !== 'error'}
      >
        {data === undefined && status === 'error' && (
          <p>Les règles de la finale n’ont pas pu être chargées. Réessayez plus tard.</p>
        )}
        {data === undefined && status !== 'error' && <p>Chargement des règles de la finale…</p>}
        {data?.length === 0 && (
          <p>
            Les règles de la finale (part du jury, part du public, départage) seront publiées ici
            avant la finale.
          </p>
        )}
        {data?.map((rules) => (
          <Category key={rules.category} rules={rules} />
        ))}
      </div>
    </Article>
  );
}
