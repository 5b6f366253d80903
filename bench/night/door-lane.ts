/**
 * One door lane of the night rehearsal (bench/night/clients.ts), behaving as the door page does
 * (src/features/door/use-check-in.ts): a scan goes to check_in with the door's 10 s timeout; a
 * network failure (or a lane with no network) is judged from the lane's door list at once and
 * queued with its scan id and the time of the scan; the queue leaves with door_sync (at most
 * SYNC_BATCH_MAX a call) once the network is back, and again until the database took it; any
 * other failure is shown to the steward ("Réessayez") and the pass is scanned again, with a new
 * scan id. The classification is the app's own (toDataError, src/lib/errors.ts).
 */
import { randomUUID } from 'node:crypto';
import { SYNC_BATCH_MAX } from '../../src/data/door/door-sync.ts';
import { toDataError } from '../../src/lib/errors.ts';
import { DOOR_TIMEOUT_MS } from './settings.ts';

export type LaneJob = {
  index: number;
  token: string;
  /** [seconds after the start, pass code] */
  scans: [number, string][];
  /** Seconds after the start while the lane has no network ([from, to)), or null. */
  offline: [number, number] | null;
};

export type LaneResult = {
  shown: Record<string, number>;
  /** Scans judged offline (no network, or the request failed as a network failure). */
  offlineJudged: number;
  /** Failures the steward saw ("Réessayez"): scanned again. */
  errorsShown: number;
  synced: number;
  /** door_sync's verdicts by kind. */
  syncVerdicts: Record<string, number>;
  /** Scans still queued at the end (lost if any). */
  leftQueued: number;
};

type Queued = { scan_id: string; code: string; scanned_at: string; offline_verdict: string };
type Rpc = (
  action: string,
  name: string,
  token: string,
  body: unknown,
  timeoutMs?: number,
) => Promise<{ status: number; json: unknown; error?: unknown }>;

const bump = (m: Record<string, number>, k: string) => void (m[k] = (m[k] ?? 0) + 1);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/** A failure's kind as the app sees it: 'network' when no answer, else from the answer. */
function kindOf(reply: { status: number; json: unknown }): string {
  if (reply.status === 0)
    return toDataError({ code: '', message: 'TypeError: fetch failed' }, '').kind;
  return toDataError(reply.json, '').kind;
}

export async function runLane(
  job: LaneJob,
  start: number,
  rpc: Rpc,
  /** Passes this lane's door list says entered (downloaded before the doors opened). */
  entered: Set<string>,
): Promise<LaneResult> {
  const door = `Porte ${job.index + 1}`;
  const r: LaneResult = {
    shown: {},
    offlineJudged: 0,
    errorsShown: 0,
    synced: 0,
    syncVerdicts: {},
    leftQueued: 0,
  };
  const queue: Queued[] = [];
  const now = () => (Date.now() - start) / 1000;
  const online = () => !job.offline || now() < job.offline[0] || now() >= job.offline[1];
  const judgeOffline = (code: string, scannedAt: string, scanId: string) => {
    const verdict = entered.has(code) ? 'already' : 'valid';
    if (verdict === 'valid') entered.add(code);
    queue.push({ scan_id: scanId, code, scanned_at: scannedAt, offline_verdict: verdict });
    r.offlineJudged++;
    bump(r.shown, `offline ${verdict}`);
  };
  let syncing = false;
  const sync = async () => {
    if (syncing || !online() || queue.length === 0) return;
    syncing = true;
    try {
      while (queue.length && online()) {
        const batch = queue.slice(0, SYNC_BATCH_MAX);
        const reply = await rpc('door_sync', 'door_sync', job.token, { door, scans: batch });
        if (reply.status !== 200) break;
        const results = (reply.json as { results?: { scan_id: string; verdict: string }[] })
          .results;
        if (!Array.isArray(results)) break;
        for (const res of results) bump(r.syncVerdicts, res.verdict);
        queue.splice(0, batch.length);
        r.synced += batch.length;
      }
    } finally {
      syncing = false;
    }
  };
  // The queue is tried again every few seconds while any scan waits (use-check-in.ts).
  let done = false;
  const retry = (async () => {
    while (!done || queue.length) {
      await sleep(3000);
      await sync();
      if (done && now() > (job.offline?.[1] ?? 0) + 60) break;
    }
  })();
  for (const [at, code] of job.scans) {
    await sleep(start + at * 1000 - Date.now());
    for (let attempt = 0; attempt < 10; attempt++) {
      const scanId = randomUUID();
      const scannedAt = new Date().toISOString();
      if (!online()) {
        judgeOffline(code, scannedAt, scanId);
        break;
      }
      const reply = await rpc(
        'check_in',
        'check_in',
        job.token,
        { code, door, scan_id: scanId },
        DOOR_TIMEOUT_MS,
      );
      if (reply.status === 200) {
        const verdict = (reply.json as { verdict: string }).verdict;
        if (verdict === 'validated' || verdict === 'already') entered.add(code);
        bump(r.shown, verdict);
        void sync();
        break;
      }
      if (kindOf(reply) === 'network') {
        judgeOffline(code, scannedAt, scanId);
        break;
      }
      r.errorsShown++;
      bump(r.shown, `error ${reply.status}`);
      await sleep(2000);
    }
  }
  done = true;
  await retry;
  r.leftQueued = queue.length;
  return r;
}
