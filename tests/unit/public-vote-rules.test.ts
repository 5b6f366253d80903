import { describe, expect, it } from 'vitest';
import {
  countdownMark,
  countdownWords,
  formatCountdown,
  bestServerOffset,
  secondsLeft,
  serverOffset,
} from '@/lib/countdown';
import { hasErrors, newRoundDraft, validateRound } from '@/features/admin/vote/round-rules';
import { formatShare } from '@/data/vote/labels';
import { toPassVoteState } from '@/data/vote/mappers';

/** The public vote's pure rules: the countdowns on the server's clock, the editor's checks. */
describe('countdowns on the server’s clock', () => {
  it('measures the offset at the middle of the request and counts down from it', () => {
    // The server read 12:00:10 while this device went from 12:00:00 to 12:00:02.
    const sent = Date.parse('2026-04-26T12:00:00Z');
    const offset = serverOffset('2026-04-26T12:00:10Z', sent, sent + 2000);
    expect(offset).toBe(9000);
    expect(secondsLeft('2026-04-26T12:01:40Z', offset, sent + 2000)).toBe(89);
    expect(secondsLeft('2026-04-26T12:00:00Z', offset, sent)).toBe(0);
    expect(secondsLeft(null, offset)).toBeNull();
    expect(serverOffset('pas une date', 0, 0)).toBe(0);
  });

  it('keeps the quickest answer’s measure, and a round’s countdown never passes its length', () => {
    const t0 = Date.parse('2026-04-26T20:00:00Z');
    // Quick answer: 100 ms there and back, the server 5 s ahead.
    expect(bestServerOffset('2026-04-26T20:00:05.050Z', t0, t0 + 100)).toBe(5000);
    // A slow answer read early (a loaded server): its own measure is 1.4 s off; the quick one stays.
    const t1 = t0 + 10_000;
    expect(serverOffset('2026-04-26T20:00:15.100Z', t1, t1 + 3000)).toBe(3600);
    expect(bestServerOffset('2026-04-26T20:00:15.100Z', t1, t1 + 3000)).toBe(5000);
    // Five minutes on, the old measure has lapsed (the device's clock may have been set since).
    const t2 = t0 + 6 * 60_000;
    expect(bestServerOffset('2026-04-26T20:06:07.000Z', t2, t2 + 3000)).toBe(5500);
    // A 90 s round opened now, with an offset measured 1.4 s short: 1:30, never 1:31.
    const opened = t2 + 3000 + 5500;
    const closesAt = new Date(opened + 90_000).toISOString();
    expect(secondsLeft(closesAt, 4100, t2 + 3000)).toBe(92);
    expect(secondsLeft(closesAt, 4100, t2 + 3000, 90)).toBe(90);
  });

  it('writes and speaks the time left, announcing only a few marks', () => {
    expect(formatCountdown(65)).toBe('1:05');
    expect(formatCountdown(9)).toBe('0:09');
    expect(countdownWords(61)).toBe('1 minute 1 seconde');
    expect(countdownWords(120)).toBe('2 minutes');
    expect(countdownWords(0)).toBe('0 seconde');
    const marks = Array.from({ length: 91 }, (_, i) => countdownMark(90 - i)).filter(Boolean);
    expect(marks).toEqual([
      'Plus que 1 minute pour voter.',
      'Plus que 30 secondes pour voter.',
      'Plus que 10 secondes pour voter.',
      'Le vote est clos.',
    ]);
  });
});

describe('the round editor’s rules', () => {
  const valid = () => ({
    ...newRoundDraft([]),
    title: 'Compétition de chant',
    candidates: [
      { number: 1, name: 'Awa N.', line: '', participantId: null },
      { number: 2, name: '', line: '', participantId: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b' },
    ],
  });

  it('starts a new round after the last, 90 s, passes validated at the door', () => {
    expect(newRoundDraft([])).toMatchObject({
      position: 1,
      durationSeconds: 90,
      eligibility: 'checked_in',
    });
    expect(hasErrors(validateRound(valid()))).toBe(false);
  });

  it('refuses a short title, a duration out of 15–900 s, 1 or 13 candidates, a number twice', () => {
    const draft = valid();
    expect(validateRound({ ...draft, title: ' A ' }).title).toMatch(/^Le titre compte de 2 à 80/);
    expect(validateRound({ ...draft, durationSeconds: 14 }).duration).toBeDefined();
    expect(validateRound({ ...draft, durationSeconds: 901 }).duration).toBeDefined();
    expect(validateRound({ ...draft, durationSeconds: 15 }).duration).toBeUndefined();
    expect(
      validateRound({ ...draft, candidates: draft.candidates.slice(0, 1) }).candidates,
    ).toMatch(/^Une manche compte de 2 à 12/);
    const thirteen = Array.from({ length: 13 }, (_, i) => ({
      number: i + 1,
      name: `C ${i + 1}`,
      line: '',
      participantId: null,
    }));
    expect(validateRound({ ...draft, candidates: thirteen }).candidates).toBeDefined();
    const twice = validateRound({
      ...draft,
      candidates: [draft.candidates[0], { ...draft.candidates[0], name: 'Autre' }],
    });
    expect(twice.rows[1].number).toBe('Ce numéro est déjà pris dans cette manche.');
    const noName = validateRound({
      ...draft,
      candidates: [draft.candidates[0], { ...draft.candidates[1], participantId: null }],
    });
    expect(noName.rows[1].name).toBe('Indiquez un nom, ou liez un participant.');
  });
});

describe('what the pages read', () => {
  it('formats a share the French way', () => {
    expect(formatShare(66.666)).toBe('66,7\u00a0%');
    expect(formatShare(null)).toBe('—');
  });

  it('reads a poll that left the candidates out (known_round) as such', () => {
    const state = toPassVoteState({
      poll: true,
      server_now: '2026-04-26T20:00:00Z',
      round: { id: 'r', title: 'T', closes_at: '2026-04-26T20:01:00Z', candidates: null },
      can_vote: true,
      refusal: null,
      my_vote: null,
      code: null,
      message: null,
      hint: null,
      details: null,
    });
    expect(state.round?.candidates).toBeNull();
  });
});
