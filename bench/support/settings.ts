/**
 * The settings of `npm run bench` (bench/run.ts), from the environment: BENCH_RUNS (runs per
 * timing, 3), BENCH_POOL_SIZE (API connections, 20), BENCH_RUSH (requests per rush, 200),
 * BENCH_POW_THREADS (worker threads solving the proofs of work, the number of CPUs).
 */
import { availableParallelism } from 'node:os';

export const RUNS = Number(process.env.BENCH_RUNS ?? 3);
export const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? 20);
export const RUSH_SIZE = Number(process.env.BENCH_RUSH ?? 200);
export const POW_THREADS = Number(process.env.BENCH_POW_THREADS ?? availableParallelism());
/** Operations slower than this are timed once (see time() in bench/support/print.ts). */
export const SLOW_MS = 2000;
/** The admin account the app's data module signs in with. */
export const ADMIN = { email: 'bench-admin@example.cm', password: 'bench-password-2025' };

/**
 * The rate limits are per client address, and every request of the bench comes from 127.0.0.1:
 * a rush of 200 from one address is what the limits exist to refuse (120 reservations, 60
 * registrations per 600 s). The rush lines measure 200 visitors behind 200 addresses, so the
 * limits are lifted for them (100000 is the highest value the table accepts), challenges
 * included, and so are the surge ceilings (their rate is that of the whole crowd: the rush would
 * raise the difficulty it is not measuring; docs/decisions/016-trusted-address-and-proof-of-work.md).
 */
/** The rush's proof-of-work difficulty (see where it is set). */
export const BENCH_POW_MAX = 1000;
export const RATE_LIMITS_LIFTED =
  'update private.rate_limits set max_per_address = 100000, surge_ceiling = null';
/** Reservations open now, the concert in 30 days, a place for every reservation of the run. */
export const EDITION_OPEN = `update public.edition_settings
   set concert_starts_at = now() + interval '30 days',
       doors_open_at = now() + interval '30 days' - interval '2 hours',
       reservations_open_at = now() - interval '1 day', reservations_close_at = null,
       capacity = 100000, overbooking_percent = 0`;

/** Throws when a setting is out of range. */
export function checkSettings(): void {
  // The rush numbers its phones on 6 digits (a member's is 2 × its registration's, plus 1 or 2).
  for (const [name, value, max] of [
    ['BENCH_RUNS', RUNS, 100],
    ['BENCH_POOL_SIZE', POOL_SIZE, 150],
    ['BENCH_RUSH', RUSH_SIZE, 99_999],
    ['BENCH_POW_THREADS', POW_THREADS, 64],
  ] as const) {
    if (!Number.isInteger(value) || value < 1 || value > max) {
      throw new Error(`${name} must be a whole number from 1 to ${max}, got ${value}`);
    }
  }
}
