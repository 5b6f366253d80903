/**
 * One voter of the night rehearsal (bench/night/clients.ts), tapping as the pass page's vote
 * panel does (src/features/reservation/pass/VotePanel.tsx): one tap at a time, through the app's
 * own castVote (3 attempts with the same vote id when the network fails); after "touchez à
 * nouveau" the voter taps the same candidate again RETAP_MS later, and the panel sends the same
 * vote id; after a refusal the panel forgets the id (a new tap is a new vote), and a round closed
 * ends the voting.
 */
import { randomUUID } from 'node:crypto';
import { castVote } from '../../src/data/vote/public-vote.ts';
import { DataError } from '../../src/lib/errors.ts';
import { RETAP_MS, RETAPS } from './settings.ts';

export type VoterJob = {
  code: string;
  /** [seconds after the start, candidate id]: the first tap, and for a tenth a change. */
  taps: [number, string][];
};

export type VoterResult = {
  code: string;
  /** The candidate of the last tap the database accepted (null: none). */
  held: string | null;
  accepted: number;
  /** Taps sent again after "touchez à nouveau" (same id) or a refusal (new id). */
  retaps: number;
  /** The French messages shown, by message. */
  shown: Record<string, number>;
  /** Vote ids sent (each counted at most once by the database). */
  voteIds: string[];
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

export async function runVoter(
  job: VoterJob,
  start: number,
  roundId: string,
): Promise<VoterResult> {
  const r: VoterResult = {
    code: job.code,
    held: null,
    accepted: 0,
    retaps: 0,
    shown: {},
    voteIds: [],
  };
  let unsent: { candidateId: string; voteId: string } | null = null;
  for (const [at, candidateId] of job.taps) {
    await sleep(start + at * 1000 - Date.now());
    for (let tap = 0; tap <= RETAPS; tap++) {
      if (tap > 0) {
        r.retaps++;
        await sleep(RETAP_MS);
      }
      const voteId: string = unsent?.candidateId === candidateId ? unsent.voteId : randomUUID();
      unsent = { candidateId, voteId };
      if (!r.voteIds.includes(voteId)) r.voteIds.push(voteId);
      try {
        const answer = await castVote({ code: job.code, roundId, candidateId, voteId });
        unsent = null;
        r.held = answer.candidate.id || candidateId;
        r.accepted++;
        break;
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        r.shown[message] = (r.shown[message] ?? 0) + 1;
        const refused = e instanceof DataError && e.kind !== 'network';
        if (refused) unsent = null;
        if (refused && e.reason === 'vote_closed') return r;
      }
    }
  }
  return r;
}
