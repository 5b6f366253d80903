import type { CandidateDraft, RoundDraft, VoteRound } from '@/data/vote/types';

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

export function validateRound(draft: RoundDraft): RoundErrors {
  const errors: RoundErrors = { rows: {} };
  const title = draft.title.trim();
  if (title.length < 2 || title.length > 80) errors.title = 'Le titre compte de 2 à 80 caractères.';
  if (!isWhole(draft.position) || draft.position < 1 || draft.position > 999)
    errors.position = 'L’ordre est un nombre entier de 1 à 999.';
  if (!isWhole(draft.durationSeconds) || draft.durationSeconds < 15 || draft.durationSeconds > 900)
    errors.duration = 'La durée va de 15 à 900 secondes.';
  const n = draft.candidates.length;
  if (n < MIN_CANDIDATES || n > MAX_CANDIDATES)
    errors.candidates = `Une manche compte de ${MIN_CANDIDATES} à ${MAX_CANDIDATES} candidats.`;
  const seen = new Map<number, number>();
  draft.candidates.forEach((c, i) => {
    const row: RoundErrors['rows'][number] = {};
    if (!isWhole(c.number) || c.number < 1 || c.number > 99) row.number = 'Un numéro de 1 à 99.';
    else if (seen.has(c.number)) row.number = 'Ce numéro est déjà pris dans cette manche.';
    seen.set(c.number, i);
    const name = c.name.trim();
    if (!name && !c.participantId) row.name = 'Indiquez un nom, ou liez un participant.';
    else if (name.length > 80) row.name = 'Le nom compte 80 caractères au plus.';
    if (c.line.trim().length > 80) row.line = 'La ligne compte 80 caractères au plus.';
    if (Object.keys(row).length) errors.rows[i] = row;
  });
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
