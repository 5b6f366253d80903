import { publicRpc } from '@/data/shared/public-rpc';
import { DataError, toDataError } from '@/lib/errors';

/**
 * The final's published results (final_results_public, docs/decisions/047-the-final.md), read
 * with plain fetch as the other public pages' facts: per category whose rules are published,
 * when results are expected and, once published, the sealed snapshot (ranks, the jury's and the
 * public's parts, tie-breaks, the judges as « Juré n » with their marks, unlocked cards, the
 * time, the inputs' digest and the seal). /resultats shows it (docs/decisions/049-results-and-certificates.md).
 */

export type TieBreakUsed = 'jury' | 'criterion' | 'head_judge' | 'unresolved';

export type JudgeMarks = {
  label: string;
  recused: boolean;
  absent: boolean;
  total: number | null;
  z: number | null;
  criteria: { key: string; value: number; z: number }[];
};

export type PublishedFinalist = {
  name: string;
  rank: number | null;
  absent: boolean;
  incomplete: boolean;
  judgesCount: number;
  recused: number;
  scored: number;
  raw: number | null;
  normalised: number | null;
  juryPoints: number | null;
  votes: number;
  publicPercent: number | null;
  publicPoints: number | null;
  combined: number | null;
  tiebreak: TieBreakUsed | null;
  judges: JudgeMarks[];
};

export type PublishedResults = {
  publishedAt: string;
  inputsDigest: string;
  signature: string;
  juryShare: number;
  publicShare: number;
  criterionLabel: string | null;
  votesTotal: number;
  finalists: PublishedFinalist[];
  criteria: { key: string; label: string }[];
  cardUnlocks: { at: string; judge: string; name: string; reason: string }[];
};

export type CategoryResults = {
  category: 'dance' | 'singing';
  resultsExpectedAt: string | null;
  /** null until the organisers publish. */
  published: PublishedResults | null;
};

const RESULTS_ERROR = 'Impossible de charger les résultats pour le moment.';
const USED: TieBreakUsed[] = ['jury', 'criterion', 'head_judge', 'unresolved'];

type Json = Record<string, unknown>;
const obj = (v: unknown): Json =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {};
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const text = (v: unknown) => (typeof v === 'string' ? v : '');
const textOrNull = (v: unknown) => (typeof v === 'string' ? v : null);
const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));

function toJudge(v: unknown): JudgeMarks {
  const j = obj(v);
  return {
    label: text(j.label),
    recused: j.recused === true,
    absent: j.absent === true,
    total: num(j.total),
    z: num(j.z),
    criteria: list(j.criteria).map((c) => {
      const x = obj(c);
      return { key: text(x.key), value: Number(x.value), z: Number(x.z) };
    }),
  };
}

function toFinalist(v: unknown): PublishedFinalist {
  const f = obj(v);
  return {
    name: text(f.name),
    rank: num(f.rank),
    absent: f.absent === true,
    incomplete: f.incomplete === true,
    judgesCount: Number(f.judges_count ?? 0),
    recused: Number(f.recused ?? 0),
    scored: Number(f.scored ?? 0),
    raw: num(f.raw),
    normalised: num(f.normalised),
    juryPoints: num(f.jury_points),
    votes: Number(f.votes ?? 0),
    publicPercent: num(f.public_percent),
    publicPoints: num(f.public_points),
    combined: num(f.combined),
    tiebreak: USED.find((u) => u === f.tiebreak) ?? null,
    judges: list(f.judges).map(toJudge),
  };
}

function toCategory(v: unknown): CategoryResults {
  const c = obj(v);
  if (c.category !== 'dance' && c.category !== 'singing')
    throw new DataError('unknown', RESULTS_ERROR);
  const formula = obj(c.formula);
  return {
    category: c.category,
    resultsExpectedAt: textOrNull(c.results_expected_at),
    published: textOrNull(c.published_at)
      ? {
          publishedAt: text(c.published_at),
          inputsDigest: text(c.inputs_digest),
          signature: text(c.signature),
          juryShare: Number(formula.jury_share ?? 0),
          publicShare: Number(formula.public_share ?? 0),
          criterionLabel: textOrNull(formula.tiebreak_criterion_label),
          votesTotal: Number(c.votes_total ?? 0),
          finalists: list(c.finalists).map(toFinalist),
          criteria: list(c.criteria).map((x) => ({
            key: text(obj(x).key),
            label: text(obj(x).label),
          })),
          cardUnlocks: list(c.card_unlocks).map((x) => {
            const u = obj(x);
            return {
              at: text(u.at),
              judge: text(u.judge),
              name: text(u.name),
              reason: text(u.reason),
            };
          }),
        }
      : null,
  };
}

export async function getFinalResults(): Promise<CategoryResults[]> {
  const { data, error } = await publicRpc('final_results_public');
  if (error) throw toDataError(error, RESULTS_ERROR);
  if (!Array.isArray(data)) throw new DataError('unknown', RESULTS_ERROR);
  return data.map(toCategory);
}
