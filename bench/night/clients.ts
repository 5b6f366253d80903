/**
 * The night's clients (bench/night/run.ts), in a child process of their own (forked with
 * `--night-clients`, as bench/support/child-client.ts does) so their event loop is not the
 * server's. The pass pages, the stage screen and the votes run the app's own modules
 * (voteStateQuery, getScreenState, castVote: same retries, same ids); the doors follow the
 * door page (./door-lane.ts); the régie, the admins' presence page, the holders who cancel and
 * the outbox's schedule call what their pages call. Every request is timed by one wrapper of
 * fetch, which also sends the app's requests (aimed at 127.0.0.1:54321) to the run's server.
 */
import { performance } from 'node:perf_hooks';
import { runInChild, serveInChild } from '../support/child-client.ts';
import { runLane, type LaneJob, type LaneResult } from './door-lane.ts';
import { sampleLoop, type LoopSample } from './probe.ts';
import {
  PASS_POLL,
  PRESENCE_EVERY_MS,
  REGIE_POLL_MS,
  SCREEN_POLL,
  type NightScale,
} from './settings.ts';
import { runVoter, type VoterJob, type VoterResult } from './voter.ts';

const FLAG = '--night-clients';
const APP_ORIGIN = 'http://127.0.0.1:54321';

export type ClientsJob = {
  baseUrl: string;
  anonKey: string;
  serviceKey: string;
  /** Epoch ms of the timeline's 0. */
  start: number;
  scale: NightScale;
  pollCodes: string[];
  lanes: LaneJob[];
  entered: string[];
  voters: VoterJob[];
  cancelCodes: string[];
  roundId: string;
  regieToken: string;
  adminTokens: string[];
};

/**
 * [action, sent (epoch ms), ms, status, 1 when a cast_vote sends a vote id already sent (the
 * app's retry or the voter's tap again), else 0] of every request.
 */
type Sample = [string, number, number, number, number];

export type ClientsResult = {
  samples: Sample[];
  lanes: LaneResult[];
  voters: VoterResult[];
  /** The stage screen's "connexion perdue" periods, epoch ms [from, to]. */
  screenLost: [number, number][];
  cancelled: number;
  roundOpened: boolean;
  /** What the régie's "Ouvrir" got before the round opened. */
  openRefusals: string[];
  /** The clients' own process: event-loop lag and CPU (./probe.ts). */
  loop: LoopSample[];
};

export function runClients(job: ClientsJob): Promise<ClientsResult> {
  return runInChild(import.meta.url, FLAG, job, 'the night clients', 600_000);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

async function clientsMain(job: ClientsJob): Promise<ClientsResult> {
  const samples: Sample[] = [];
  const loop = sampleLoop();
  const voteIdsSent = new Set<string>();
  const original = globalThis.fetch;
  // Every request timed under its action (x-night-action, else the path's last part).
  globalThis.fetch = async (input, init) => {
    let url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.startsWith(APP_ORIGIN)) url = job.baseUrl + url.slice(APP_ORIGIN.length);
    const headers = new Headers(init?.headers);
    const action = headers.get('x-night-action') ?? url.split('/').pop() ?? url;
    headers.delete('x-night-action');
    let again = 0;
    if (action === 'cast_vote' && typeof init?.body === 'string') {
      const id = (JSON.parse(init.body) as { vote_id: string }).vote_id;
      again = voteIdsSent.has(id) ? 1 : 0;
      voteIdsSent.add(id);
    }
    const sent = Date.now();
    const t = performance.now();
    try {
      const res = await original(url, { ...init, headers });
      const body = await res.arrayBuffer();
      samples.push([action, sent, performance.now() - t, res.status, again]);
      return new Response(body, { status: res.status, headers: res.headers });
    } catch (error) {
      samples.push([action, sent, performance.now() - t, 0, again]);
      throw error;
    }
  };
  const { voteStateQuery } = await import('../../src/data/vote/vote-state-query.ts');
  const { getScreenState } = await import('../../src/data/vote/public-vote.ts');
  const { publicRpc } = await import('../../src/data/shared/public-rpc.ts');

  const rpc = async (
    action: string,
    name: string,
    token: string,
    body: unknown,
    timeoutMs?: number,
  ) => {
    const signal = timeoutMs ? AbortSignal.timeout(timeoutMs) : undefined;
    try {
      const res = await fetch(`${job.baseUrl}/rest/v1/rpc/${name}`, {
        method: 'POST',
        headers: {
          apikey: job.anonKey,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'x-night-action': action,
        },
        body: JSON.stringify(body),
        signal,
      });
      const text = await res.text();
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {
        json = { message: text };
      }
      return { status: res.status, json };
    } catch (error) {
      return { status: 0, json: null, error };
    }
  };

  const s = job.scale;
  const end = job.start + s.endAt * 1000;
  const live = () => Date.now() < end;
  await sleep(job.start - Date.now());

  // The pass pages: first ask once painted, then every 10-15 s while the answer says poll.
  const passPages = job.pollCodes.map(async (code) => {
    await sleep(Math.random() * PASS_POLL.ms);
    while (live()) {
      const feed = await voteStateQuery(code)
        .fetch()
        .catch(() => null);
      if (feed && !feed.state.poll) return;
      await sleep(PASS_POLL.ms + Math.random() * PASS_POLL.jitterMs);
    }
  });

  // The stage screen (use-screen-state.ts): lost after two failures in a row.
  const screenLost: [number, number][] = [];
  const screen = (async () => {
    let failures = 0;
    let lostSince: number | null = null;
    while (live()) {
      const sent = Date.now();
      try {
        await getScreenState(AbortSignal.timeout(SCREEN_POLL.timeoutMs));
        failures = 0;
        if (lostSince !== null) screenLost.push([lostSince, Date.now()]);
        lostSince = null;
      } catch {
        failures += 1;
        if (failures >= 2 && lostSince === null) lostSince = Date.now();
      }
      await sleep(SCREEN_POLL.ms - (Date.now() - sent));
    }
    if (lostSince !== null) screenLost.push([lostSince, Date.now()]);
  })();

  // The régie: the round opened at voteAt, the rounds and the screen every 2 s.
  let roundOpened = false;
  const openRefusals: string[] = [];
  const regie = (async () => {
    const opening = (async () => {
      await sleep(job.start + s.voteAt * 1000 - Date.now());
      // The régie taps "Ouvrir" again until the database answers (as a person would).
      for (let i = 0; i < 10 && !roundOpened; i++) {
        const r = await rpc('regie_open_round', 'regie_open_round', job.regieToken, {
          id: job.roundId,
        });
        roundOpened = r.status === 200;
        if (!roundOpened) {
          openRefusals.push(`HTTP ${r.status} ${JSON.stringify(r.json ?? r.error).slice(0, 200)}`);
          await sleep(2000);
        }
      }
    })();
    while (live()) {
      const t = Date.now();
      await Promise.all([
        rpc('régie vote_rounds_list', 'vote_rounds_list', job.regieToken, {}),
        rpc('régie vote_screen_state', 'vote_screen_state', job.regieToken, {}),
      ]);
      await sleep(REGIE_POLL_MS - (Date.now() - t));
    }
    await opening;
  })();

  // The admins' presence page (AttendancePage.tsx's four queries).
  const presence = job.adminTokens.map(async (token) => {
    await sleep(Math.random() * PRESENCE_EVERY_MS);
    while (live()) {
      const t = Date.now();
      await Promise.all(
        [
          'attendance_report',
          'door_count',
          'door_double_entries_list',
          'door_lane_alerts_list',
        ].map((name) => rpc(`presence ${name}`, name, token, {})),
      );
      await sleep(PRESENCE_EVERY_MS - (Date.now() - t));
    }
  });

  // Holders who cancel (each place freed confirms the next on the waitlist: an offer queued).
  let cancelled = 0;
  const cancels = job.cancelCodes.map(async (code) => {
    await sleep(job.start + (5 + Math.random() * (s.doorSeconds - 5)) * 1000 - Date.now());
    for (let i = 0; i < 5; i++) {
      const { data, error } = await publicRpc('cancel_reservation', { code });
      if (!error && (data as { state?: string }).state === 'cancelled') {
        cancelled++;
        return;
      }
      await sleep(3000);
    }
  });

  // The outbox's schedule (hosted: pg_cron every minute, 62_outbox_events.sql).
  const outbox = (async () => {
    while (live()) {
      const t = Date.now();
      await fetch(`${job.baseUrl}/functions/v1/send-messages`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${job.serviceKey}`,
          'content-type': 'application/json',
          'x-night-action': 'send-messages',
        },
        body: '{}',
      }).catch(() => undefined);
      await sleep(s.outboxEvery * 1000 - (Date.now() - t));
    }
  })();

  // Each lane's own door list: the entries it downloaded, then those it saw.
  const [lanes, voters] = await Promise.all([
    Promise.all(job.lanes.map((l) => runLane(l, job.start, rpc, new Set(job.entered)))),
    Promise.all(job.voters.map((v) => runVoter(v, job.start, job.roundId))),
  ]);
  await Promise.all([...passPages, screen, regie, ...presence, ...cancels, outbox]);
  globalThis.fetch = original;
  return {
    samples,
    lanes,
    voters,
    screenLost,
    cancelled,
    roundOpened,
    openRefusals,
    loop: loop.stop(),
  };
}

serveInChild(FLAG, clientsMain);
