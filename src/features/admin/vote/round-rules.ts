import * as z from 'zod/mini';
import type { CandidateDraft, Eligibility, RoundDraft, VoteRound } from '@/data/vote/types';

/**
 * The round editor's rules, the database's own (admin_save_vote_round checks them again): a title
 * of 2 to 80 characters, a duration of 15 to 900 s, 2 to 12 candidates numbered 1 to 99 without
 * repeat, a name of 80 characters at most (left empty only when a contest participant is
 * linked: the database then takes that participant's name), a line of 80 at most.
 */
export const MIN_CANDIDATES = 2;
export const MAX_CANDIDATES = 12;
const DEFAULT_DURATION = 90;

export type RoundErrors = {
  title?: string;
  position?: string;
  duration?: string;
  candidates?: string;
  /** By candidate's index. */
  rows: Record<number, { number?: string; name?: string; line?: string }>;
};

export const hasErrors = (e: RoundErrors) =>
  Boolean(e.title || e.position || e.duration || e.candidates || Object.keys(e.rows).length);

const isWhole = (n: number) => Number.isInteger(n);

const inRange = (min: number, max: number) => (n: number) => isWhole(n) && n >= min && n <= max;

/**
 * The form's schema (react-hook-form's resolver, docs/decisions/012-form-validation-zod-mini.md):
 * the fields' rules, then the candidates' (their count under the list, `root.candidates`; a
 * number taken twice, a name missing or too long, a line too long under the candidate's field).
 */
export const roundSchema = z
  .object({
    id: z.optional(z.string()),
    title: z.string().check(
      z.refine((title) => {
        const length = title.trim().length;
        return length >= 2 && length <= 80;
      }, 'Le titre compte de 2 à 80 caractères.'),
    ),
    // Numbers as typed (NaN when empty), judged by the rules, in their own words.
    position: z
      .custom<number>()
      .check(z.refine(inRange(1, 999), 'L’ordre est un nombre entier de 1 à 999.')),
    durationSeconds: z
      .custom<number>()
      .check(z.refine(inRange(15, 900), 'La durée va de 15 à 900 secondes.')),
    eligibility: z.custom<Eligibility>(),
    candidates: z.custom<CandidateDraft[]>(),
  })
  .check(
    z.superRefine(({ candidates }, ctx) => {
      const issue = (path: (string | number)[], message: string) =>
        ctx.issues.push({ code: 'custom', message, path, input: candidates });
      const n = candidates.length;
      if (n < MIN_CANDIDATES || n > MAX_CANDIDATES)
        issue(
          ['root', 'candidates'],
          `Une manche compte de ${MIN_CANDIDATES} à ${MAX_CANDIDATES} candidats.`,
        );
      const seen = new Set<number>();
      candidates.forEach((c, i) => {
        if (!inRange(1, 99)(c.number)) issue(['candidates', i, 'number'], 'Un numéro de 1 à 99.');
        else if (seen.has(c.number))
          issue(['candidates', i, 'number'], 'Ce numéro est déjà pris dans cette manche.');
        seen.add(c.number);
        const name = c.name.trim();
        if (!name && !c.participantId)
          issue(['candidates', i, 'name'], 'Indiquez un nom, ou liez un participant.');
        else if (name.length > 80)
          issue(['candidates', i, 'name'], 'Le nom compte 80 caractères au plus.');
        if (c.line.trim().length > 80)
          issue(['candidates', i, 'line'], 'La ligne compte 80 caractères au plus.');
      });
    }),
  );

/** The schema's messages in the editor's shape (the first of each field). */
export function validateRound(draft: RoundDraft): RoundErrors {
  const errors: RoundErrors = { rows: {} };
  const result = roundSchema.safeParse(draft);
  for (const { path, message } of result.success ? [] : result.error.issues) {
    const [field, index, part] = path;
    if (field === 'title' || field === 'position') errors[field] ??= message;
    else if (field === 'durationSeconds') errors.duration ??= message;
    else if (field === 'root') errors.candidates ??= message;
    else if (field === 'candidates') {
      const row = (errors.rows[index as number] ??= {});
      row[part as 'number' | 'name' | 'line'] ??= message;
    }
  }
  return errors;
}

/** The draft as sent: trimmed texts. */
export const cleanDraft = (draft: RoundDraft): RoundDraft => ({
  ...draft,
  title: draft.title.trim(),
  candidates: draft.candidates.map((c) => ({ ...c, name: c.name.trim(), line: c.line.trim() })),
});

/** A new round: after the last one, 90 s, passes validated at the door, two empty candidates. */
export function newRoundDraft(rounds: VoteRound[]): RoundDraft {
  const position = Math.max(0, ...rounds.map((r) => r.position)) + 1;
  return {
    title: '',
    position,
    durationSeconds: DEFAULT_DURATION,
    eligibility: 'checked_in',
    candidates: [emptyCandidate(1), emptyCandidate(2)],
  };
}

export const emptyCandidate = (number: number): CandidateDraft => ({
  number,
  name: '',
  line: '',
  participantId: null,
});

/** The next free number after the highest. */
export const nextNumber = (candidates: CandidateDraft[]) =>
  Math.min(99, Math.max(0, ...candidates.map((c) => c.number || 0)) + 1);

export const draftOf = (round: VoteRound): RoundDraft => ({
  id: round.id,
  title: round.title,
  position: round.position,
  durationSeconds: round.durationSeconds,
  eligibility: round.eligibility,
  candidates: round.candidates.map((c) => ({
    number: c.number,
    name: c.name,
    line: c.line,
    participantId: c.participantId,
  })),
});

/** Once opened, a round may only be renamed. */
export const onlyTitle = (round: VoteRound | undefined) =>
  round !== undefined && round.state !== 'draft';
