/**
 * The night rehearsal's scale and timeline (bench/night/run.ts), in seconds after the clients
 * start. `full` is the evening of issue 42; `tiny` the smoke test's (tests/integration/
 * night-rehearsal.test.ts): the same actors, a few passes, a few seconds.
 */
export type NightScale = {
  passes: number;
  /** Holders who cancel during the evening (each frees a place: a waitlist offer). */
  cancels: number;
  waitlisted: number;
  lanes: number;
  offlineLanes: number;
  scansPerMinute: number;
  /** Doors scan from 0 to this. */
  doorSeconds: number;
  /** The offline lanes lose the network from offlineAt for offlineSeconds, then sync. */
  offlineAt: number;
  offlineSeconds: number;
  /** The round opens at voteAt; every voter taps once within voteSeconds. */
  voteAt: number;
  voteSeconds: number;
  /** The round's own duration (it closes by itself at its deadline). */
  roundSeconds: number;
  /** PostgreSQL is stopped at cutAt for cutSeconds (0: no cut). */
  cutAt: number;
  cutSeconds: number;
  /** The pass pages, the stage screen, the régie and the admins poll until this. */
  endAt: number;
  /** The outbox's schedule: send-messages every this many seconds (hosted: every minute). */
  outboxEvery: number;
  /** The mock provider's SMS pace (messages per second). */
  smsPerSecond: number;
  admins: number;
};

export const FULL: NightScale = {
  passes: 3000,
  cancels: 30,
  waitlisted: 40,
  lanes: 12,
  offlineLanes: 3,
  scansPerMinute: 8,
  doorSeconds: 180,
  offlineAt: 20,
  offlineSeconds: 120,
  voteAt: 20,
  voteSeconds: 60,
  roundSeconds: 110,
  cutAt: 55,
  cutSeconds: 15,
  endAt: 190,
  outboxEvery: 30,
  smsPerSecond: 40,
  admins: 3,
};

export const TINY: NightScale = {
  passes: 60,
  cancels: 3,
  waitlisted: 5,
  lanes: 3,
  offlineLanes: 1,
  scansPerMinute: 30,
  doorSeconds: 16,
  offlineAt: 2,
  offlineSeconds: 8,
  voteAt: 2,
  voteSeconds: 8,
  roundSeconds: 16,
  cutAt: 5,
  cutSeconds: 3,
  endAt: 18,
  outboxEvery: 5,
  smsPerSecond: 50,
  admins: 1,
};

/** The pass page's poll (src/features/reservation/pass/use-vote-state.ts: every 10 to 15 s). */
export const PASS_POLL = { ms: 10_000, jitterMs: 5_000 };
/** The stage screen (src/features/screen/use-screen-state.ts): once a second, gives up at 4 s. */
export const SCREEN_POLL = { ms: 1_000, timeoutMs: 4_000 };
/** The régie's rounds and screen (src/data/vote/queries.ts): every 2 s. */
export const REGIE_POLL_MS = 2_000;
/** An admin's presence page read again (a reload or a tab coming back): every 15 s. */
export const PRESENCE_EVERY_MS = 15_000;
/** The door's request timeout (src/data/door/door-rpc.ts): a scan unanswered is judged offline. */
export const DOOR_TIMEOUT_MS = 10_000;
/** A voter who sees "touchez à nouveau" taps again this long after (same vote id). */
export const RETAP_MS = 3_000;
export const RETAPS = 6;
