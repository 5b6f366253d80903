import { useEffect, useState } from 'react';

/**
 * The public vote's countdowns (the stage screen, the régie, the pass page): the server's clock
 * decides when a round closes, so each page counts from the server's time, the phone's clock
 * corrected by the offset measured on the last answer (docs/decisions/030-public-vote.md).
 */

/**
 * How far the server's clock is ahead of this device's (ms): `serverNow` was read by the server
 * between `sentAt` and `receivedAt` (device times), taken as the middle of the two.
 */
export function serverOffset(serverNow: string, sentAt: number, receivedAt: number): number {
  const server = Date.parse(serverNow);
  if (Number.isNaN(server)) return 0;
  return server - (sentAt + receivedAt) / 2;
}

type ClockSample = { offsetMs: number; roundTripMs: number; at: number };

/** How long a measured offset is trusted: a device's clock may be set again meanwhile. */
const SAMPLE_LIFETIME_MS = 5 * 60_000;
let samples: ClockSample[] = [];

/**
 * The offset measured by the quickest of the last 5 minutes' answers: a slow answer (a busy
 * network, a loaded server) can be wrong by up to half its round trip, a quick one cannot, so a
 * countdown keeps its best measure rather than the last (docs/decisions/030-public-vote.md).
 */
export function bestServerOffset(serverNow: string, sentAt: number, receivedAt: number): number {
  const offsetMs = serverOffset(serverNow, sentAt, receivedAt);
  if (Number.isNaN(Date.parse(serverNow))) return offsetMs;
  samples = samples.filter((s) => receivedAt - s.at < SAMPLE_LIFETIME_MS && s.at <= receivedAt);
  samples.push({ offsetMs, roundTripMs: receivedAt - sentAt, at: receivedAt });
  return samples.reduce((best, s) => (s.roundTripMs < best.roundTripMs ? s : best)).offsetMs;
}

/**
 * Whole seconds left until `closesAt` on the server's clock (0 once passed, null without one),
 * never more than `longest` when the round's length is known: a countdown of a 90 s round never
 * shows 1:31, whatever the clock's measure.
 */
export function secondsLeft(
  closesAt: string | null | undefined,
  offsetMs: number,
  now: number = Date.now(),
  longest: number = Infinity,
): number | null {
  if (!closesAt) return null;
  const end = Date.parse(closesAt);
  if (Number.isNaN(end)) return null;
  return Math.min(longest, Math.max(0, Math.ceil((end - (now + offsetMs)) / 1000)));
}

/** 1:05, 0:09: minutes and seconds as a stopwatch shows them. */
export function formatCountdown(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

/** The same in words, for screen readers: "1 minute 5 secondes", "9 secondes". */
export function countdownWords(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  const minutes = m > 0 ? `${m} minute${m > 1 ? 's' : ''}` : '';
  const secs = s > 0 || m === 0 ? `${s} seconde${s > 1 ? 's' : ''}` : '';
  return [minutes, secs].filter(Boolean).join(' ');
}

/**
 * What a polite live region says of a countdown: only at a few marks (each minute, 30 s, 10 s,
 * the end), never every second; null between them.
 */
export function countdownMark(seconds: number): string | null {
  if (seconds === 0) return 'Le vote est clos.';
  if (seconds === 30 || seconds === 10 || (seconds % 60 === 0 && seconds > 0))
    return `Plus que ${countdownWords(seconds)} pour voter.`;
  return null;
}

/** Seconds left until `closesAt`, re-rendered four times a second while it runs. */
export function useSecondsLeft(
  closesAt: string | null | undefined,
  offsetMs: number,
  longest?: number,
) {
  const [now, setNow] = useState(() => Date.now());
  const left = secondsLeft(closesAt, offsetMs, now, longest);
  const running = left !== null && left > 0;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [running]);
  return left;
}

/** The last mark reached (countdownMark), kept until the next one: a polite live region's text. */
export function useCountdownMark(seconds: number | null): string {
  const [mark, setMark] = useState('');
  const next = seconds === null ? null : countdownMark(seconds);
  if (next !== null && next !== mark) setMark(next);
  return mark;
}
