/**
 * The hall's phones of the vote bench (bench/vote.ts), sent from a child process (this file,
 * forked with `--vote-client`) so the server's event loop does not also run the clients' (see
 * bench/support/rush-client.ts). Open loop: each vote leaves at its scheduled instant whatever
 * the others are doing, as 3,000 people tapping in the same minute; the stage screen asks for its
 * state and the régie for the rounds once a second meanwhile. One client address (127.0.0.1).
 */
import { Agent } from 'node:http';
import { performance } from 'node:perf_hooks';
import { post, runInChild, serveInChild } from './child-client';

const CLIENT_FLAG = '--vote-client';
const TIMEOUT_MS = 300_000;
/** Sockets open at once: many phones share few addresses, each phone its own connection. */
const SOCKETS = 256;

export type PlannedVote = {
  /** Milliseconds after the start. */
  at: number;
  code: string;
  candidateId: string;
  voteId: string;
};
export type VoteJob = {
  baseUrl: string;
  anonKey: string;
  regieToken: string;
  roundId: string;
  votes: PlannedVote[];
};
export type VoteOutcome = { ms: number; status: number; ok: boolean; hint: string | null };
export type VoteResult = {
  votes: VoteOutcome[];
  screen: VoteOutcome[];
  desk: VoteOutcome[];
  wallMs: number;
};

/** Run the votes from a child process and return what each got, in the job's order. */
export function runVotes(job: VoteJob): Promise<VoteResult> {
  return runInChild(import.meta.url, CLIENT_FLAG, job, 'the votes', TIMEOUT_MS);
}

/** One timed call: its latency, HTTP status, whether cast_vote said ok, and the refusal's hint. */
async function timed(agent: Agent, url: URL, headers: Record<string, string>, body: string) {
  const t = performance.now();
  try {
    const reply = await post(agent, url, headers, body);
    const ms = performance.now() - t;
    let parsed: { ok?: boolean; hint?: string } | null = null;
    try {
      parsed = JSON.parse(reply.body) as { ok?: boolean; hint?: string };
    } catch {
      parsed = null;
    }
    return {
      ms,
      status: reply.status,
      ok: reply.status === 200 && parsed?.ok === true,
      hint: parsed?.hint ?? null,
    };
  } catch (error) {
    return { ms: performance.now() - t, status: 0, ok: false, hint: String(error) };
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

async function clientMain(job: VoteJob): Promise<VoteResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: SOCKETS, maxFreeSockets: SOCKETS });
  const anon = {
    apikey: job.anonKey,
    authorization: `Bearer ${job.anonKey}`,
    'content-type': 'application/json',
  };
  const desk = { ...anon, authorization: `Bearer ${job.regieToken}` };
  const rpc = (name: string) => new URL(`/rest/v1/rpc/${name}`, job.baseUrl);
  // Warm-up: a few sockets open, the functions' first plans made.
  await Promise.all(
    Array.from({ length: 8 }, () => post(agent, rpc('vote_screen_state'), anon, '{}')),
  );
  const votes: VoteOutcome[] = new Array(job.votes.length);
  const screen: VoteOutcome[] = [];
  const deskCalls: VoteOutcome[] = [];
  let done = false;
  const start = performance.now();
  const everySecond = async (fn: () => Promise<void>) => {
    while (!done) {
      const t = performance.now();
      await fn();
      await sleep(1000 - (performance.now() - t));
    }
  };
  const pollers = [
    everySecond(async () => {
      screen.push(await timed(agent, rpc('vote_screen_state'), anon, '{}'));
    }),
    everySecond(async () => {
      deskCalls.push(await timed(agent, rpc('vote_rounds_list'), desk, '{}'));
    }),
  ];
  await Promise.all(
    job.votes.map(async (v, i) => {
      await sleep(start + v.at - performance.now());
      votes[i] = await timed(
        agent,
        rpc('cast_vote'),
        anon,
        JSON.stringify({
          code: v.code,
          round_id: job.roundId,
          candidate_id: v.candidateId,
          vote_id: v.voteId,
        }),
      );
    }),
  );
  const wallMs = performance.now() - start;
  done = true;
  await Promise.all(pollers);
  agent.destroy();
  return { votes, screen, desk: deskCalls, wallMs };
}

serveInChild(CLIENT_FLAG, clientMain);
